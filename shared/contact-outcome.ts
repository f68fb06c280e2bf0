import {
  CONTACT_FIELD_KEYS,
  CONTACT_REFERENCE_PATTERN,
  contactFailureMessage,
  type ContactFieldKey,
} from './contact-message-rules';

/**
 * How the contact form ends after a post without JavaScript (docs/product-rules.md,
 * "Contact form"; the submit form does the same, docs/decisions/0006). The server answers
 * the browser's own post with a 303 to `/contact?envoi=ok&reference=MSG-2026-00007#formulaire-contact`
 * or `?envoi=erreur&statut=422&champs=name,email&brouillon=<token>`; the page renders that.
 * The query carries codes, never text: a crafted link can only show our own words. What
 * the visitor typed stays on the server under the random token (server/features/
 * contact-messages/refused-drafts.ts), never in the URL.
 */

export const CONTACT_OUTCOME_PARAM = 'envoi';
export const CONTACT_STATUS_PARAM = 'statut';
export const CONTACT_FIELDS_PARAM = 'champs';
export const CONTACT_REFERENCE_PARAM = 'reference';
export const CONTACT_DRAFT_PARAM = 'brouillon';
/** The form's anchor: the redirect lands on the form, not the top of the page. */
export const CONTACT_FORM_ANCHOR = 'formulaire-contact';

/** A draft token: 32 url-safe characters (24 random bytes). */
export const CONTACT_DRAFT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export type ContactOutcome =
  | { kind: 'ok'; reference: string | null }
  | { kind: 'error'; status: number; message: string; fields: ContactFieldKey[]; draft: string | null };

export function contactOutcomeQuery(
  outcome:
    | { ok: true; reference: string }
    | { ok: false; status: number; fields?: readonly string[]; draft?: string | null },
): string {
  const params = new URLSearchParams();
  if (outcome.ok) {
    params.set(CONTACT_OUTCOME_PARAM, 'ok');
    params.set(CONTACT_REFERENCE_PARAM, outcome.reference);
  } else {
    params.set(CONTACT_OUTCOME_PARAM, 'erreur');
    params.set(CONTACT_STATUS_PARAM, String(outcome.status));
    const fields = CONTACT_FIELD_KEYS.filter((key) => outcome.fields?.includes(key));
    if (fields.length > 0) params.set(CONTACT_FIELDS_PARAM, fields.join(','));
    if (outcome.draft) params.set(CONTACT_DRAFT_PARAM, outcome.draft);
  }
  return `?${params.toString()}#${CONTACT_FORM_ANCHOR}`;
}

/** Reads the page's query; anything unknown is ignored (null: no outcome to show). */
export function readContactOutcome(params: URLSearchParams): ContactOutcome | null {
  const value = params.get(CONTACT_OUTCOME_PARAM);
  if (value === 'ok') {
    const reference = params.get(CONTACT_REFERENCE_PARAM)?.trim() ?? '';
    return { kind: 'ok', reference: CONTACT_REFERENCE_PATTERN.test(reference) ? reference : null };
  }
  if (value !== 'erreur') return null;
  const raw = Number(params.get(CONTACT_STATUS_PARAM));
  const status = Number.isInteger(raw) && raw >= 400 && raw <= 599 ? raw : 500;
  const named = (params.get(CONTACT_FIELDS_PARAM) ?? '').split(',');
  const fields = CONTACT_FIELD_KEYS.filter((key) => named.includes(key));
  const draft = params.get(CONTACT_DRAFT_PARAM)?.trim() ?? '';
  return {
    kind: 'error',
    status,
    message: contactFailureMessage(status),
    fields,
    draft: CONTACT_DRAFT_TOKEN_PATTERN.test(draft) ? draft : null,
  };
}
