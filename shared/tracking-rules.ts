import type { SubmissionStatus } from './types';
import type { SiteUpdatesView } from './site-updates';

/**
 * The private tracking page of a project request and how a client gets its link again
 * (docs/product-rules.md, "Tracking link" and "Status history"): the client's words for
 * the statuses, the limits and every French message, shared by the page, the forms, the
 * API and the back office. Zod-free: the /suivi form's page loads none.
 */

/** What the client reads; the back office keeps its own words (SUBMISSION_STATUS_LABELS). */
export const TRACKING_STATUS_LABELS: Readonly<Record<SubmissionStatus, string>> = {
  new: 'Reçue',
  contacted: 'Contactée',
  quoted: 'Devis envoyé',
  approved: 'Approuvée',
  rejected: 'Rejetée',
};

/** A message to the client: a few paragraphs, shown on the page and e-mailed. */
export const CLIENT_MESSAGE_MAX = 2000;
export const TRACKING_EMAIL_MAX = 190;
export const TRACKING_REFERENCE_MAX = 40;
/** How the back office hands a new link to the client. */
export const TRACKING_LINK_CHANNELS = ['email', 'whatsapp'] as const;

export const trackingMessages = {
  notFoundTitle: 'Lien de suivi introuvable ou expiré',
  notFoundDetail:
    'Ce lien ne correspond à aucune demande : il a peut-être été remplacé par un lien plus récent. Indiquez votre référence et votre adresse e-mail pour recevoir un nouveau lien.',
  resendAnswer: "Si cette référence existe, un lien de suivi vient d'être envoyé à cette adresse.",
  referenceRequired: 'La référence est requise',
  referenceInvalid: 'Référence invalide : elle ressemble à EDF-2026-00042',
  emailRequired: "L'adresse e-mail est requise",
  emailInvalid: 'Adresse e-mail invalide',
  invalid: 'Données invalides. Vérifiez vos informations.',
  tooManyResends: 'Trop de demandes de lien envoyées depuis cette connexion. Veuillez réessayer plus tard.',
  tooManyGuesses: 'Trop de liens de suivi essayés depuis cette connexion. Réessayez plus tard.',
  clientMessageInvalid: 'Le message au client doit être un texte',
  clientMessageTooLong: `Le message au client ne doit pas dépasser ${CLIENT_MESSAGE_MAX} caractères`,
  channelInvalid: "Canal d'envoi invalide : email, whatsapp ou vide",
  linkCreated: 'Nouveau lien de suivi créé : l’ancien ne fonctionne plus.',
  linkMailed: 'Nouveau lien de suivi envoyé par e-mail au client : l’ancien ne fonctionne plus.',
  linkForWhatsapp: 'Nouveau lien de suivi créé pour WhatsApp : l’ancien ne fonctionne plus.',
} as const;

/** The /suivi form posted without JavaScript comes back with `?envoi=ok` or `?envoi=erreur&statut=…&champs=…`. */
export const TRACKING_OUTCOME_PARAM = 'envoi';
export const TRACKING_STATUS_PARAM = 'statut';
export const TRACKING_FIELDS_PARAM = 'champs';
export const TRACKING_FIELD_KEYS = ['reference', 'email'] as const;
export type TrackingFieldKey = (typeof TRACKING_FIELD_KEYS)[number];

export type TrackingFormOutcome =
  { kind: 'ok' } | { kind: 'error'; status: number; fields: TrackingFieldKey[] };

export function trackingOutcomeQuery(
  outcome: { ok: true } | { ok: false; status: number; fields?: readonly string[] },
): string {
  const params = new URLSearchParams();
  if (outcome.ok) params.set(TRACKING_OUTCOME_PARAM, 'ok');
  else {
    params.set(TRACKING_OUTCOME_PARAM, 'erreur');
    params.set(TRACKING_STATUS_PARAM, String(outcome.status));
    const fields = TRACKING_FIELD_KEYS.filter((key) => (outcome.fields ?? []).includes(key));
    if (fields.length > 0) params.set(TRACKING_FIELDS_PARAM, fields.join(','));
  }
  return `?${params.toString()}`;
}

/** Codes only travel in the query: a crafted link can only show our own messages. */
export function readTrackingOutcome(params: URLSearchParams): TrackingFormOutcome | null {
  const value = params.get(TRACKING_OUTCOME_PARAM);
  if (value === 'ok') return { kind: 'ok' };
  if (value !== 'erreur') return null;
  const raw = Number(params.get(TRACKING_STATUS_PARAM));
  const status = Number.isInteger(raw) && raw >= 400 && raw <= 599 ? raw : 500;
  const named = (params.get(TRACKING_FIELDS_PARAM) ?? '').split(',');
  return { kind: 'error', status, fields: TRACKING_FIELD_KEYS.filter((key) => named.includes(key)) };
}

/** The page's words for a refused form. */
export function trackingFailureMessage(status: number): string {
  if (status === 422) return trackingMessages.invalid;
  if (status === 429) return trackingMessages.tooManyResends;
  return "Une erreur s'est produite. Veuillez réessayer.";
}

/** One step of the client's timeline: the request received, then each change they may see. */
export interface TrackingStep {
  /** ISO 8601, UTC. */
  at: string;
  status: SubmissionStatus;
  label: string;
  /** What the staff chose to tell the client at that step; never an internal note. */
  message: string | null;
}

/** The whole tracking page: the client's first name only, nothing else personal. */
export interface TrackedRequest {
  reference: string;
  firstName: string;
  projectTitle: string;
  /** ISO 8601, UTC. */
  sentAt: string;
  status: SubmissionStatus;
  statusLabel: string;
  /** Oldest first; the first step is always 'Reçue' at sentAt. */
  timeline: TrackingStep[];
  /** The building site's published updates ('Suivi de chantier'). */
  site: SiteUpdatesView;
}
