import { paths } from '#shared/paths';
import { FormActions, ImageInput, type AdminFormState } from '#client/admin/kit';
import { imageHint, type OfferFormProps } from './offer-form-props';
import type { OfferFormValues } from './use-offer-form';

/**
 * The end of every offer form: the image (required on creation only, product rules,
 * Validation; checked in the browser by the kit, 2 MB) and the buttons back to the list.
 */
export function OfferFormEnd<V extends OfferFormValues>({
  form,
  edit,
  currentImage,
}: { form: AdminFormState<V> } & Pick<OfferFormProps<V>, 'edit' | 'currentImage'>) {
  return (
    <>
      <ImageInput
        form={form}
        name="image"
        label="Image"
        required={!edit}
        currentPath={currentImage}
        hint={imageHint(edit !== undefined)}
      />
      <FormActions
        form={form}
        submitLabel={edit ? 'Mettre à jour' : 'Enregistrer'}
        submittingLabel="Enregistrement..."
        cancelTo={paths.adminOffers}
      />
    </>
  );
}
