import { CONTACT_FIELD_KEYS, CONTACT_MESSAGE_MAX, type ContactFieldKey } from '#shared/contact-message-rules';
import { draftStore as formDraftStore, type DraftStore } from '#server/http/refused-drafts';

/**
 * What a visitor without JavaScript typed in a refused contact form (docs/product-rules.md,
 * "Contact form"), kept by the one draft store of public forms (server/http/refused-drafts.ts)
 * for the page the browser is sent back to.
 */
export function draftStore(now: () => number = Date.now): DraftStore<ContactFieldKey> {
  return formDraftStore({ keys: CONTACT_FIELD_KEYS, valueMax: CONTACT_MESSAGE_MAX + 100, now });
}

/** The process's one store: the API keeps drafts in it, the contact page reads them. */
export const refusedDrafts = draftStore();
