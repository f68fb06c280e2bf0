import type { FieldMessages } from './field-errors';
import { submissionMessages } from './submission-rules';

/**
 * How a project submission ends, said the same way by the form island (XHR answers) and by
 * the page after a form post without JavaScript (product rules, Messages and errors).
 *
 * Without JavaScript the browser posts the form itself; the server answers with a 303 to
 * `/submit-project?envoi=ok` or `?envoi=erreur&statut=422&champs=firstName,email`, and the
 * page renders that outcome. The query carries codes, never text: a crafted link can only
 * show our own messages.
 */

export const sendMessages = {
  tooLarge: 'Fichiers trop volumineux. Réduisez la taille de vos fichiers.',
  invalid: 'Données invalides. Vérifiez vos informations.',
  network: 'Erreur de connexion. Vérifiez votre connexion internet et réessayez.',
  errorTitle: 'Erreur',
  generic: "Une erreur s'est produite. Veuillez réessayer.",
  sending: 'Envoi en cours...',
} as const;

export const OUTCOME_PARAM = 'envoi';
export const STATUS_PARAM = 'statut';
export const FIELDS_PARAM = 'champs';
/** The signed receipt of a stored request (server/features/submissions/submission-receipt.ts). */
export const RECEIPT_PARAM = 'recu';
/**
 * A refused post's typed values, kept on the server under this token (server/http/refused-drafts.ts,
 * as the contact form does: docs/decisions/0019-contact-form-drafts-and-csv-exports.md).
 */
export const DRAFT_PARAM = 'brouillon';
/** A draft token: 32 url-safe characters (24 random bytes). */
export const DRAFT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The keys of the form's fields in the form's order (submissionSchema's and the attachments' error key). */
export const SUBMISSION_FIELD_KEYS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'company',
  'projectTitle',
  'projectType',
  'budget',
  'location',
  'startDate',
  'description',
  'attachments',
] as const;
export type SubmissionFieldKey = (typeof SUBMISSION_FIELD_KEYS)[number];

export function isSubmissionFieldKey(key: string): key is SubmissionFieldKey {
  return (SUBMISSION_FIELD_KEYS as readonly string[]).includes(key);
}

export type FormOutcome =
  | { kind: 'ok'; receipt: string | null }
  | { kind: 'error'; status: number; message: string; fields: SubmissionFieldKey[]; draft: string | null };

/** What a refused post without JavaScript held: every typed field and the message beside each field at fault; never the files. */
export interface SubmissionDraft {
  values: Record<SubmissionFieldKey, string>;
  errors: FieldMessages<SubmissionFieldKey>;
}

/** Product rules, Messages and errors's message for a refused submission; 429 keeps the server's own words. */
export function failureMessage(status: number, serverMessage?: string): string {
  if (status === 413) return sendMessages.tooLarge;
  if (status === 422) return sendMessages.invalid;
  if (status === 429) return serverMessage || submissionMessages.tooManySubmissions;
  return serverMessage || sendMessages.generic;
}

/** The query of the page the server redirects a form post to (leading '?'). */
export function outcomeQuery(
  outcome:
    | { ok: true; receipt?: string }
    | { ok: false; status: number; fields?: readonly string[]; draft?: string | null },
): string {
  const params = new URLSearchParams();
  if (outcome.ok) {
    params.set(OUTCOME_PARAM, 'ok');
    if (outcome.receipt) params.set(RECEIPT_PARAM, outcome.receipt);
  } else {
    params.set(OUTCOME_PARAM, 'erreur');
    params.set(STATUS_PARAM, String(outcome.status));
    const fields = (outcome.fields ?? []).filter(isSubmissionFieldKey);
    if (fields.length > 0) params.set(FIELDS_PARAM, fields.join(','));
    if (outcome.draft) params.set(DRAFT_PARAM, outcome.draft);
  }
  return `?${params.toString()}`;
}

/** Reads the page's query; anything unknown is ignored (null: no outcome to show). */
export function readOutcome(params: URLSearchParams): FormOutcome | null {
  const value = params.get(OUTCOME_PARAM);
  if (value === 'ok') return { kind: 'ok', receipt: params.get(RECEIPT_PARAM)?.trim() || null };
  if (value !== 'erreur') return null;
  const raw = Number(params.get(STATUS_PARAM));
  const status = Number.isInteger(raw) && raw >= 400 && raw <= 599 ? raw : 500;
  // In the order of the form, each once.
  const named = (params.get(FIELDS_PARAM) ?? '').split(',');
  const fields = SUBMISSION_FIELD_KEYS.filter((key) => named.includes(key));
  // 429's server message cannot travel in the URL: the shared one is the same text.
  const draft = params.get(DRAFT_PARAM)?.trim() ?? '';
  return {
    kind: 'error',
    status,
    message: failureMessage(status),
    fields,
    draft: DRAFT_TOKEN_PATTERN.test(draft) ? draft : null,
  };
}
