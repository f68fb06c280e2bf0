import { z } from 'zod';
import { miscellaneousSchema } from '#shared/schemas/offer';
import type { MiscellaneousGood } from '#shared/types';
import { AdminForm, TextareaField } from '#client/admin/kit';
import { NEW_PUBLICATION, publicationToValues } from '#client/admin/kit/publication-values';
import type { OfferFormProps } from './offer-form-props';
import { OfferFormEnd } from './offer-form-end';
import { useOfferForm } from './use-offer-form';

/**
 * The form enters the text as `simpleDescription` (product rules, Entities) and sends it as
 * `description` (product rules, API): the shared rule, under the form's name.
 */
const goodFormSchema = z.object({
  simpleDescription: miscellaneousSchema.shape.description,
  publication: miscellaneousSchema.shape.publication,
  publish_at: miscellaneousSchema.shape.publish_at,
});

const EMPTY = { simpleDescription: '', image: null as File | null, ...NEW_PUBLICATION };
export type GoodValues = typeof EMPTY;

export function goodValues(good: MiscellaneousGood): GoodValues {
  return { simpleDescription: good.description, image: null, ...publicationToValues(good) };
}

/** Miscellaneous good form (product rules, Entities): a description and an image. */
export function GoodForm({ edit, label, currentImage }: OfferFormProps<GoodValues>) {
  const form = useOfferForm<GoodValues, z.output<typeof goodFormSchema>>({
    kind: 'biens',
    schema: goodFormSchema,
    initialValues: EMPTY,
    edit,
    toFields: (data) => ({
      description: data.simpleDescription,
      publication: data.publication,
      publish_at: data.publish_at,
    }),
    serverFieldNames: { description: 'simpleDescription' },
  });

  return (
    <AdminForm form={form} label={label} className="offer-form">
      <TextareaField
        form={form}
        name="simpleDescription"
        label="Description"
        required
        rows={5}
        hint="Au moins 3 caractères ; les 30 premiers servent de titre dans la liste."
      />
      <OfferFormEnd form={form} kind="biens" edit={edit} currentImage={currentImage} />
    </AdminForm>
  );
}
