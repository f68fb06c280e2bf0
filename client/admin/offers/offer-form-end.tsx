import {
  FormActions,
  ImageInput,
  PublicationFields,
  type AdminFormState,
  type PreviewKind,
} from '#client/admin/kit';
import { offerListHref, type OfferKind } from './offer-kinds';
import { imageHint, type OfferFormProps } from './offer-form-props';
import type { OfferFormValues } from './use-offer-form';

/** The preview route's name of each kind. */
const PREVIEW_KINDS: Record<OfferKind, PreviewKind> = { parcelles: 'parcel', flotte: 'fleet', biens: 'misc' };

/**
 * The end of every offer form: the image (required on creation only, product rules,
 * Validation; checked in the browser by the kit, 2 MB) and the buttons back to the list.
 */
export function OfferFormEnd<V extends OfferFormValues>({
  form,
  kind,
  edit,
  currentImage,
}: { form: AdminFormState<V>; kind: OfferKind } & Pick<OfferFormProps<V>, 'edit' | 'currentImage'>) {
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
      <PublicationFields form={form} preview={{ kind: PREVIEW_KINDS[kind], id: edit?.id }} />
      <FormActions
        form={form}
        submitLabel={edit ? 'Mettre à jour' : 'Enregistrer'}
        submittingLabel="Enregistrement..."
        cancelTo={offerListHref(kind)}
      />
    </>
  );
}
