import { fleetSchema, type FleetInput } from '#shared/schemas/offer';
import type { FleetProperty } from '#shared/types';
import { AdminForm, NumberField, TextField } from '#client/admin/kit';
import { NEW_PUBLICATION, publicationToValues } from '#client/admin/kit/publication-values';
import { amountText, type OfferFormProps } from './offer-form-props';
import { OfferFormEnd } from './offer-form-end';
import { useOfferForm } from './use-offer-form';

const EMPTY = {
  propertyType: '',
  address: '',
  surface: '',
  owner: '',
  occupationStatus: '',
  estimatedValue: '',
  image: null as File | null,
  ...NEW_PUBLICATION,
};
export type FleetValues = typeof EMPTY;

export function fleetValues(property: FleetProperty): FleetValues {
  return {
    propertyType: property.propertyType ?? '',
    address: property.address ?? '',
    surface: amountText(property.surface, 2),
    owner: property.owner ?? '',
    occupationStatus: property.occupationStatus ?? '',
    estimatedValue: amountText(property.estimatedValue, 2),
    image: null,
    ...publicationToValues(property),
  };
}

/**
 * Fleet property form (product rules, Entities): every field optional but the
 * image; the estimated value keeps two decimals up to 9 999 999 999 999,99 (product rules), the
 * shared schema refusing more with the product rules' sentence.
 */
export function FleetForm({ edit, label, currentImage }: OfferFormProps<FleetValues>) {
  const form = useOfferForm<FleetValues, FleetInput>({
    kind: 'flotte',
    schema: fleetSchema,
    initialValues: EMPTY,
    edit,
    toFields: (data) => ({ ...data }),
  });

  return (
    <AdminForm form={form} label={label} className="offer-form">
      <div className="form-grid">
        <TextField
          form={form}
          name="propertyType"
          label="Type de bien"
          placeholder="Villa, Appartement F4…"
        />
        <TextField
          form={form}
          name="occupationStatus"
          label="Statut d'occupation"
          placeholder="Libre, Loué…"
        />
      </div>
      <TextField form={form} name="address" label="Adresse" />
      <div className="form-grid">
        <NumberField form={form} name="surface" label="Surface (m²)" decimals />
        <TextField form={form} name="owner" label="Propriétaire" />
      </div>
      <NumberField
        form={form}
        name="estimatedValue"
        label="Valeur estimée (F CFA)"
        decimals
        hint="Deux décimales au plus ; maximum 9 999 999 999 999,99."
      />
      <OfferFormEnd form={form} kind="flotte" edit={edit} currentImage={currentImage} />
    </AdminForm>
  );
}
