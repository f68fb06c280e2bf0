import { DEFAULT_PARCEL_STATUS, PARCEL_STATUSES } from '#shared/constants';
import { parcelSchema, type ParcelInput } from '#shared/schemas/offer';
import type { Parcel } from '#shared/types';
import {
  AdminForm,
  DescriptionField,
  NumberField,
  PriceField,
  SelectField,
  TextField,
} from '#client/admin/kit';
import { NEW_PUBLICATION, publicationToValues } from '#client/admin/kit/publication-values';
import { amountText, type OfferFormProps } from './offer-form-props';
import { OfferFormEnd } from './offer-form-end';
import { useOfferForm } from './use-offer-form';

const EMPTY = {
  title: '',
  price: '',
  status: DEFAULT_PARCEL_STATUS as string,
  description: '',
  location: '',
  surface: '',
  image: null as File | null,
  ...NEW_PUBLICATION,
};
export type ParcelValues = typeof EMPTY;

export function parcelValues(parcel: Parcel): ParcelValues {
  return {
    title: parcel.title,
    price: amountText(parcel.price, 0),
    status: parcel.status,
    description: parcel.description,
    location: parcel.location,
    surface: amountText(parcel.surface, 2),
    image: null,
    ...publicationToValues(parcel),
  };
}

/**
 * Parcel form (product rules, Entities; product rules: its rules are enforced, title >= 3,
 * price, status, description >= 10, location >= 3, image). Statuses are the product rules' five;
 * a stored status outside them (older free text) is shown so that nothing changes silently.
 */
export function ParcelForm({ edit, label, currentImage }: OfferFormProps<ParcelValues>) {
  const form = useOfferForm<ParcelValues, ParcelInput>({
    kind: 'parcelles',
    schema: parcelSchema,
    initialValues: EMPTY,
    edit,
    toFields: (data) => ({ ...data }),
  });
  const status = form.values.status;
  const statuses: string[] = [...PARCEL_STATUSES];
  if (status && !statuses.includes(status)) statuses.push(status);

  return (
    <AdminForm form={form} label={label} className="offer-form">
      <TextField form={form} name="title" label="Titre" required hint="Au moins 3 caractères." />
      <div className="form-grid">
        <PriceField form={form} hint="En F CFA, sans décimales." />
        <SelectField
          form={form}
          name="status"
          label="Statut"
          required
          options={statuses.map((value) => ({ value, label: value }))}
        />
      </div>
      <DescriptionField form={form} />
      <div className="form-grid">
        <TextField form={form} name="location" label="Localisation" required hint="Au moins 3 caractères." />
        <NumberField form={form} name="surface" label="Surface (m²)" decimals hint="Facultatif." />
      </div>
      <OfferFormEnd form={form} kind="parcelles" edit={edit} currentImage={currentImage} />
    </AdminForm>
  );
}
