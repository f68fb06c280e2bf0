import type { Paged } from './paged';
import type { Assignee } from './assignment';
import type { FieldMessages } from './field-errors';

/**
 * The contact form's fixed values, limits and French messages, without zod
 * (docs/product-rules.md, "Contact form" and "Messages inbox"): the public form island
 * imports these at load and fetches the zod schema (shared/schemas/contact-message.ts,
 * which re-exports this module) only when the visitor starts typing, so the contact page's
 * first script stays small. The island, the back office and the server say the same thing.
 */

/** The subjects offered by the form: the code is stored, the label is shown. */
export const CONTACT_SUBJECTS = {
  renseignement: 'Renseignement',
  devis: 'Demande de devis',
  achat: 'Achat de produit',
  immobilier: 'Offre immobilière',
  autre: 'Autre',
} as const;
export type ContactSubject = keyof typeof CONTACT_SUBJECTS;
export const CONTACT_SUBJECT_CODES = Object.keys(CONTACT_SUBJECTS) as [ContactSubject, ...ContactSubject[]];

export function isContactSubject(value: string): value is ContactSubject {
  return Object.hasOwn(CONTACT_SUBJECTS, value);
}

/** A message's place in the inbox: unread until opened, read, or archived (and back to read). */
export const CONTACT_MESSAGE_STATUSES = ['unread', 'read', 'archived'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];
export const CONTACT_MESSAGE_STATUS_LABELS: Readonly<Record<ContactMessageStatus, string>> = {
  unread: 'Non lu',
  read: 'Lu',
  archived: 'Archivé',
};
/** The list's filter: a status, or every message. */
export const CONTACT_MESSAGE_FILTERS = ['all', ...CONTACT_MESSAGE_STATUSES] as const;
export type ContactMessageFilter = (typeof CONTACT_MESSAGE_FILTERS)[number];

export const CONTACT_NAME_MIN = 3;
export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 190;
export const CONTACT_PHONE_DIGITS_MIN = 8;
export const CONTACT_PHONE_DIGITS_MAX = 15;
/** Room for the spaces a visitor types between the 15 digits. */
export const CONTACT_PHONE_INPUT_MAX = 40;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 5000;
export const CONTACT_SEARCH_MAX = 190;
/** The inbox shows 15 messages a page; an API client may ask up to 100. */
export const CONTACT_MESSAGES_PAGE_SIZE = 15;
export const CONTACT_MESSAGES_PAGE_SIZE_MAX = 100;

/**
 * The inbox's `?sort=` (docs/product-rules.md, "Lists of the back office"), newest first by
 * default. The status and the subject order by their codes, which the French labels follow
 * (archived, read, unread: 'Archivé', 'Lu', 'Non lu'; achat … renseignement likewise).
 */
export const CONTACT_MESSAGE_LIST_SORTS = ['created_at', 'reference', 'name', 'subject', 'status'] as const;
export type ContactMessageListSort = (typeof CONTACT_MESSAGE_LIST_SORTS)[number];

/**
 * The inbox's bulk actions (docs/product-rules.md, "Bulk actions"): the statuses a message
 * takes one by one (read, unread again, archived), its assignment, and the trash.
 */
export const CONTACT_MESSAGE_BULK_ACTIONS = ['read', 'unread', 'archive', 'assign', 'delete'] as const;
export type ContactMessageBulkAction = (typeof CONTACT_MESSAGE_BULK_ACTIONS)[number];

/** Hidden from people, filled by robots: a filled one is answered as a success, nothing stored. */
export const CONTACT_HONEYPOT_FIELD = 'website';

/** The form's fields in the form's order (the API's names). */
export const CONTACT_FIELD_KEYS = ['name', 'email', 'phone', 'subject', 'message'] as const;
export type ContactFieldKey = (typeof CONTACT_FIELD_KEYS)[number];

export function isContactFieldKey(key: string): key is ContactFieldKey {
  return (CONTACT_FIELD_KEYS as readonly string[]).includes(key);
}

/** 'MSG-2026-00007': the prefix, the year in Cotonou, at least five digits. */
export const CONTACT_REFERENCE_PATTERN = /^MSG-\d{4}-\d{5,}$/;

export const contactMessages = {
  nameTooShort: `Le nom complet doit contenir au moins ${CONTACT_NAME_MIN} caractères`,
  nameTooLong: `Le nom complet ne doit pas dépasser ${CONTACT_NAME_MAX} caractères`,
  contactRequired: 'Indiquez une adresse e-mail ou un numéro de téléphone',
  emailInvalid: 'Adresse e-mail invalide',
  phoneInvalid: `Numéro de téléphone invalide : ${CONTACT_PHONE_DIGITS_MIN} à ${CONTACT_PHONE_DIGITS_MAX} chiffres, précédés éventuellement de +`,
  subjectRequired: 'Le sujet est requis',
  subjectInvalid: `Sujet invalide : choisissez parmi ${Object.values(CONTACT_SUBJECTS).join(', ')}`,
  messageTooShort: `Le message doit contenir au moins ${CONTACT_MESSAGE_MIN} caractères`,
  messageTooLong: `Le message ne doit pas dépasser ${CONTACT_MESSAGE_MAX} caractères`,
  textInvalid: 'Valeur invalide',
  // The answers the visitor reads.
  sent: 'Message envoyé',
  sentDetail: 'Nous vous répondrons sous 48h.',
  referenceIntro: 'Référence de votre message :',
  invalid: 'Données invalides. Vérifiez vos informations.',
  tooMany: 'Trop de messages envoyés depuis cette connexion. Veuillez réessayer plus tard.',
  network: 'Erreur de connexion. Vérifiez votre connexion internet et réessayez.',
  generic: "Une erreur s'est produite. Veuillez réessayer.",
  errorTitle: 'Erreur',
  sending: 'Envoi en cours...',
  // Back office.
  statusRequired: 'Le statut est requis',
  statusInvalid: 'Statut invalide : unread, read ou archived',
  statusFilterInvalid: 'Filtre de statut invalide : all, unread, read ou archived',
  pageInvalid: 'La page doit être un nombre entier positif',
  perPageInvalid: `Le nombre par page doit être un entier entre 1 et ${CONTACT_MESSAGES_PAGE_SIZE_MAX}`,
  searchInvalid: `La recherche doit être un texte de ${CONTACT_SEARCH_MAX} caractères au plus`,
  notFound: 'Message introuvable.',
  statusUpdated: 'Message mis à jour avec succès.',
  deleted: 'Message supprimé avec succès.',
} as const;

/** The refusal's message for a status (429 and 5xx keep the server's words when there are some). */
export function contactFailureMessage(status: number, serverMessage?: string): string {
  if (status === 422) return contactMessages.invalid;
  if (status === 429) return serverMessage || contactMessages.tooMany;
  return serverMessage || contactMessages.generic;
}

/** The phone as stored: without the spaces typed between the digits ('+229 01 97 12 34 56' → '+2290197123456'). */
export function normalisePhone(value: string): string {
  return value.replace(/\s+/g, '');
}

/** 8 to 15 digits, an optional leading +, spaces anywhere between. */
export function isContactPhone(value: string): boolean {
  const compact = normalisePhone(value);
  return (
    /^\+?\d+$/.test(compact) &&
    compact.replace('+', '').length >= CONTACT_PHONE_DIGITS_MIN &&
    compact.replace('+', '').length <= CONTACT_PHONE_DIGITS_MAX
  );
}

/** A contact message as the back office reads it (GET /api/admin/contact-messages). */
export interface ContactMessage {
  id: number;
  reference: string;
  name: string;
  email: string | null;
  phone: string | null;
  subject: ContactSubject;
  subject_label: string;
  message: string;
  status: ContactMessageStatus;
  status_label: string;
  read_at: string | null;
  /** Who follows it (docs/product-rules.md, "Assignment"), null when nobody does. */
  assignee: Assignee | null;
  created_at: string;
}

export interface ContactMessageStats {
  total: number;
  unread: number;
  archived: number;
}

/** The paged shape of the submissions list (docs/decisions/0004-api-conventions.md). */
export interface ContactMessageListAnswer {
  success: true;
  data: Paged<ContactMessage>;
  stats: ContactMessageStats;
}

/** What a form posted without JavaScript typed, kept by the server when it was refused. */
export interface ContactDraft {
  values: Record<ContactFieldKey, string>;
  errors: FieldMessages<ContactFieldKey>;
}
