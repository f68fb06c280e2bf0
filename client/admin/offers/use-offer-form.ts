import { useLocation } from 'react-router-dom';
import type { z } from 'zod';
import { imageMessages } from '#shared/schemas/images';
import { useEntityForm, type AdminFormState } from '#client/admin/kit';
import { offerListHref, type OfferKind } from './offer-kinds';
import { offerFailureMessage, offerSavedToast, saveOffer, type OfferSave } from './offer-save';

/** The new-offer page holds three forms on one route: one draft each. */
export function offerDraftKey(pathname: string, kind: OfferKind): string {
  return `${pathname}#${kind}`;
}

export type OfferFormValues = Record<string, unknown> & { image: File | null };

export interface OfferFormOptions<V extends OfferFormValues, Out> {
  kind: OfferKind;
  /** A shared schema (shared/schemas/offer.ts), or one built from its fields. */
  schema: z.ZodType<Out>;
  initialValues: V;
  /** The parsed data under the API's field names (product rules, API). */
  toFields: (data: Out) => OfferSave['fields'];
  /** Editing: the offer's id and its stored values, put in the form once. */
  edit?: { id: string; values: V };
  /** API field -> form field, where they differ (a good's `description` is `simpleDescription`). */
  serverFieldNames?: Record<string, string>;
}

/**
 * The three offer kinds' entity form (the kit's useEntityForm): the image is required on
 * creation only (product rules, Validation; an edit keeps the current one), saving goes
 * through saveOffer with the upload's progress, success toasts 'Succès' and goes back to
 * the list, failure toasts the flattened sentence of product rules, Messages and errors.
 */
export function useOfferForm<V extends OfferFormValues, Out>(
  options: OfferFormOptions<V, Out>,
): AdminFormState<V> {
  const { kind, edit } = options;
  const location = useLocation();
  return useEntityForm<V, Out>({
    schema: options.schema,
    initialValues: options.initialValues,
    waitForLoad: edit !== undefined,
    loaded: edit?.values,
    draftKey: edit ? undefined : offerDraftKey(location.pathname, kind),
    validate: (values) => (edit || values.image ? {} : { image: imageMessages.required }),
    save: (data, values, onProgress) =>
      saveOffer({ kind, fields: options.toFields(data), image: values.image, id: edit?.id, onProgress }),
    serverFieldNames: options.serverFieldNames,
    outcome: { created: offerSavedToast(kind), backTo: offerListHref(kind), failure: offerFailureMessage },
  });
}
