import { imageMessages } from '#shared/schemas/images';
import { ApiError } from '#client/lib/api-client';
import { hasToken, saveWithProgress, type ToastInput } from '#client/admin/kit';
import { OFFER_KINDS, UNSUPPORTED_OFFER_TYPE, type OfferKind } from './offer-kinds';

/** Product rules, Validation: an offer save without a stored token. */
export const NOT_SIGNED_IN = "Vous n'êtes pas connecté. Veuillez vous reconnecter.";
/** Product rules, Messages and errors: the server refused the image's format (its bytes are no JPEG, PNG or WebP). */
export const IMAGE_FORMAT_REFUSED = "Format d'image non pris en charge";
export const UNKNOWN_ERROR = 'Erreur inconnue';

export interface OfferSave {
  kind: OfferKind;
  /** The schema's parsed fields, under their wire names (product rules, API). */
  fields: Record<string, string | number | Date | null | undefined>;
  image: File | null;
  /** Set when editing: POST /{id} with `_method=PUT` (product rules). */
  id?: string;
  onProgress?: (share: number) => void;
}

/**
 * The form data of product rules, API (type, image and the kind's fields). Numbers go as the
 * schema read them (the comma already a point, product rules, Validation); an empty optional field
 * goes as '' so that an edit clears it (the API keeps a field that is absent).
 */
export function offerFormData(save: Pick<OfferSave, 'kind' | 'fields' | 'image' | 'id'>): FormData {
  const body = new FormData();
  if (save.id !== undefined) body.append('_method', 'PUT');
  body.append('type', save.kind);
  for (const [name, value] of Object.entries(save.fields)) {
    // A moment (`publish_at`) goes as the instant the schema read, ISO 8601 UTC.
    if (value === undefined) continue;
    body.append(name, value === null ? '' : value instanceof Date ? value.toISOString() : String(value));
  }
  if (save.image) body.append('image', save.image);
  return body;
}

/** Sends a create or an update with the upload's progress; refuses at once without a token. */
export function saveOffer(save: OfferSave): Promise<unknown> {
  if (!hasToken()) return Promise.reject(new Error(NOT_SIGNED_IN));
  const info = OFFER_KINDS[save.kind] as (typeof OFFER_KINDS)[OfferKind] | undefined;
  if (!info) return Promise.reject(new Error(UNSUPPORTED_OFFER_TYPE));
  const id = save.id === undefined ? undefined : encodeURIComponent(save.id);
  // The bar shows from the start of the sending, not from the browser's first progress event.
  save.onProgress?.(0);
  return saveWithProgress(info.apiPath, id, offerFormData(save), save.onProgress);
}

/**
 * Product rules, Messages and errors: the errors object flattened into one sentence,
 * else the message, else 'Erreur inconnue'. The server's refusal of the image's bytes
 * reads 'Format d'image non pris en charge' in that sentence.
 */
export function offerFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 415) return IMAGE_FORMAT_REFUSED;
  if (error instanceof ApiError && error.errors && Object.keys(error.errors).length > 0) {
    const sentences = Object.entries(error.errors).flatMap(([field, messages]) =>
      (Array.isArray(messages) ? messages : [String(messages)]).map((message) =>
        field === 'image' && message === imageMessages.notAnImage ? IMAGE_FORMAT_REFUSED : message,
      ),
    );
    const unique = [...new Set(sentences.map((text) => text.trim().replace(/\.$/, '')).filter(Boolean))];
    if (unique.length > 0) return `${unique.join('. ')}.`;
  }
  if (error instanceof Error && error.message) return error.message;
  return UNKNOWN_ERROR;
}

/** Product rules, Messages and errors: 'Succès' with the kind's sentence. */
export function offerSavedToast(kind: OfferKind): ToastInput {
  return { title: 'Succès', description: OFFER_KINDS[kind].saved };
}
