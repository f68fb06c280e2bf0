import type { ContactMethod, SubmissionStatus } from './types';

/**
 * The project submission's fixed values, limits and French messages, without zod: the
 * public form island imports these at load and fetches the zod schema
 * (shared/schemas/submission.ts, which re-exports this module) only when the visitor
 * starts typing, so the page's first script stays small (product rules, Performance targets: a public page's JavaScript).
 */
/** Same value as DESCRIPTION_MAX in schemas/category.ts (checked by a unit test). */
const DESCRIPTION_MAX = 5000;
/*
 * Project submissions: the public form's schema (product rules, Validation),
 * its attachment limits (product rules, Validation and Limits and constants; product rules, Security), the back
 * office's status update and list query (product rules, States and API), and every French message of
 * the submission answers. The public form, the back office and the server use these same
 * values, so they always say the same thing.
 */

/** Product rules, Validation. */
export const PROJECT_TYPES = [
  'Construction résidentielle',
  'Construction commerciale',
  'Rénovation',
  'Infrastructure',
  'Aménagement paysager',
  'Autre',
] as const;
export type ProjectType = (typeof PROJECT_TYPES)[number];

/** Product rules, Validation. */
export const BUDGETS = [
  'Moins de 5M FCFA',
  '5M - 10M FCFA',
  '10M - 25M FCFA',
  '25M - 50M FCFA',
  '50M - 100M FCFA',
  'Plus de 100M FCFA',
] as const;
export type Budget = (typeof BUDGETS)[number];

/** Each budget's bounds in millions of F CFA (null: open-ended), for the euro amounts shown beside them. */
export const BUDGET_BOUNDS_MILLIONS: Record<Budget, readonly [number | null, number | null]> = {
  'Moins de 5M FCFA': [null, 5],
  '5M - 10M FCFA': [5, 10],
  '10M - 25M FCFA': [10, 25],
  '25M - 50M FCFA': [25, 50],
  '50M - 100M FCFA': [50, 100],
  'Plus de 100M FCFA': [100, null],
};

/** Product rules, States, in the order of the workflow (the list sorts by it). */
export const SUBMISSION_STATUSES = [
  'new',
  'contacted',
  'quoted',
  'approved',
  'rejected',
] as const satisfies readonly SubmissionStatus[];
export const SUBMISSION_STATUS_LABELS: Readonly<Record<SubmissionStatus, string>> = {
  new: 'Nouveau',
  contacted: 'Contacté',
  quoted: 'Devisé',
  approved: 'Approuvé',
  rejected: 'Rejeté',
};
/** Product rules, States: email, phone, whatsapp, or empty (stored as null). */
export const CONTACT_METHODS = ['email', 'phone', 'whatsapp'] as const satisfies readonly ContactMethod[];

/** Product rules, Validation and Limits and constants: 10 MB each, 25 MB in all; product rules: at most 10 files. */
export const ATTACHMENT_MAX_BYTES = 10_485_760;
export const ATTACHMENTS_TOTAL_MAX_BYTES = 26_214_400;
export const ATTACHMENTS_MAX_COUNT = 10;
/** Product rules, Validation: the accepted extensions (the server also checks the bytes agree). */
export const ATTACHMENT_EXTENSIONS = ['.pdf', '.doc', '.docx', '.jpg', '.jpeg', '.png', '.dwg'] as const;
export type AttachmentExtension = (typeof ATTACHMENT_EXTENSIONS)[number];
/** For the file input's `accept` attribute. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.join(',');
/** Product rules, API: the multipart field of the files. */
export const ATTACHMENTS_FIELD = 'attachments[]';
/** submission_attachments.original_name is VARCHAR(255) (docs/data-model.md). */
export const ATTACHMENT_NAME_MAX = 255;

/**
 * A field that real visitors never see (the form hides it from people and from screen
 * readers) and robots fill in. A filled one gets the ordinary success answer, and nothing
 * is stored: robots learn nothing (product rules, API).
 */
export const SUBMISSION_HONEYPOT_FIELD = 'website';

/** Product rules, Limits and constants: the back-office list shows 15 per page; a client may ask up to 100. */
export const SUBMISSIONS_PAGE_SIZE = 15;
export const SUBMISSIONS_PAGE_SIZE_MAX = 100;
/** Product rules, API: the only accepted sort keys. */
export const SUBMISSION_SORT_KEYS = ['created_at', 'project_title', 'first_name', 'status'] as const;
export type SubmissionSortKey = (typeof SUBMISSION_SORT_KEYS)[number];
/**
 * The list's `?sort=` (docs/product-rules.md, "Lists of the back office"): the older keys
 * and the reference and location; `first_name` orders by first then last name, `status` in
 * the workflow's order. `sort` wins over `sort_by`/`sort_order` when both are given.
 */
export const SUBMISSION_LIST_SORTS = [
  'created_at',
  'reference',
  'first_name',
  'project_title',
  'status',
  'location',
] as const;
export type SubmissionListSort = (typeof SUBMISSION_LIST_SORTS)[number];

export const PERSON_NAME_MAX = 100;
export const EMAIL_MAX = 190;
export const PHONE_MAX = 40;
export const TEXT_MAX = 190;
export const SEARCH_MAX = 190;
export const NOTES_MAX = 5000;

export const submissionMessages = {
  // Product rules, Validation: the required fields, named by their French labels.
  firstNameRequired: 'Le prénom est requis',
  firstNameTooLong: `Le prénom ne doit pas dépasser ${PERSON_NAME_MAX} caractères`,
  lastNameRequired: 'Le nom est requis',
  lastNameTooLong: `Le nom ne doit pas dépasser ${PERSON_NAME_MAX} caractères`,
  emailRequired: "L'email est requis",
  emailInvalid: 'Adresse email invalide',
  phoneRequired: 'Le téléphone est requis',
  phoneInvalid: 'Numéro de téléphone invalide',
  phoneTooLong: `Le téléphone ne doit pas dépasser ${PHONE_MAX} caractères`,
  companyTooLong: `Le nom de l'entreprise ne doit pas dépasser ${TEXT_MAX} caractères`,
  projectTitleRequired: 'Le titre du projet est requis',
  projectTitleTooLong: `Le titre du projet ne doit pas dépasser ${TEXT_MAX} caractères`,
  projectTypeRequired: 'Le type de projet est requis',
  projectTypeInvalid: `Type de projet invalide : choisissez parmi ${PROJECT_TYPES.join(', ')}`,
  locationRequired: 'La localisation est requise',
  locationTooLong: `La localisation ne doit pas dépasser ${TEXT_MAX} caractères`,
  startDateInvalid: 'La date de début est invalide (AAAA-MM-JJ ou JJ/MM/AAAA)',
  budgetRequired: 'Le budget est requis',
  budgetInvalid: `Budget invalide : choisissez parmi ${BUDGETS.join(', ')}`,
  descriptionRequired: 'La description est requise',
  descriptionTooLong: `La description ne doit pas dépasser ${DESCRIPTION_MAX} caractères`,
  // Product rules, Validation and the product rules: the attachment limits.
  fileTooLarge: (name: string) => `Le fichier "${name}" dépasse la limite de 10MB.`,
  totalTooLarge: 'La taille totale des fichiers dépasse la limite de 25MB.',
  tooManyFiles: 'Vous pouvez joindre au maximum 10 fichiers.',
  // Product rules, Security.
  fileTypeRefused: (name: string) =>
    `Le fichier "${name}" n'est pas accepté : formats autorisés PDF, DOC, DOCX, JPG, JPEG, PNG et DWG.`,
  fileContentMismatch: (name: string) => `Le contenu du fichier "${name}" ne correspond pas à son extension.`,
  fileNameTooLong: (name: string) =>
    `Le nom du fichier "${name}" est trop long (${ATTACHMENT_NAME_MAX} caractères au maximum).`,
  // Product rules, Messages and errors: the success toast.
  submitted: 'Projet soumis avec succès !',
  submittedDetail: 'Nous avons bien reçu votre demande. Notre équipe vous contactera sous 48h.',
  tooManySubmissions: 'Trop de soumissions envoyées depuis cette connexion. Veuillez réessayer plus tard.',
  // Back office (product rules, States and API).
  statusRequired: 'Le statut est requis',
  statusInvalid: 'Statut invalide : new, contacted, quoted, approved ou rejected',
  adminNotesInvalid: 'Les notes doivent être un texte',
  adminNotesTooLong: `Les notes ne doivent pas dépasser ${NOTES_MAX} caractères`,
  contactMethodInvalid: 'Méthode de contact invalide : email, phone, whatsapp ou vide',
  pageInvalid: 'La page doit être un nombre entier positif',
  perPageInvalid: `Le nombre par page doit être un entier entre 1 et ${SUBMISSIONS_PAGE_SIZE_MAX}`,
  searchInvalid: `La recherche doit être un texte de ${SEARCH_MAX} caractères au plus`,
  statusFilterInvalid: 'Filtre de statut invalide : all, new, contacted, quoted, approved ou rejected',
  sortByInvalid: `Critère de tri invalide : ${SUBMISSION_SORT_KEYS.join(', ')}`,
  sortOrderInvalid: 'Ordre de tri invalide : asc ou desc',
  notFound: 'Soumission introuvable.',
  noAttachments: 'Aucun fichier joint à cette soumission.',
  filesMissing: 'Les fichiers joints à cette soumission sont introuvables.',
  statusUpdated: 'Statut mis à jour avec succès.',
  /** A message to the client without a new status: what the staff did, said as such. */
  clientMessageSent: 'Message envoyé au client.',
  statusUpdatedAndMessageSent: 'Statut mis à jour et message envoyé au client.',
  /** Neither the status nor a message: a note, the contact method. */
  saved: 'Modifications enregistrées.',
  deleted: 'Soumission supprimée avec succès.',
} as const;

/** The extension of a file name, lower-cased with its dot ('' when there is none). */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

export function isAcceptedAttachmentName(name: string): boolean {
  return (ATTACHMENT_EXTENSIONS as readonly string[]).includes(fileExtension(name));
}

export interface SelectedFile {
  name: string;
  size: number;
}

/**
 * The limits of product rules, Validation on a selection of files, in the order the server meets
 * them: the count (422), each file's size, then the total (413). The form checks before
 * sending, the server after receiving. Null when the selection is within every limit.
 */
export function attachmentLimitProblem(
  files: readonly SelectedFile[],
): { status: 413 | 422; message: string } | null {
  if (files.length > ATTACHMENTS_MAX_COUNT) return { status: 422, message: submissionMessages.tooManyFiles };
  const oversized = files.find((file) => file.size > ATTACHMENT_MAX_BYTES);
  if (oversized) return { status: 413, message: submissionMessages.fileTooLarge(oversized.name) };
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > ATTACHMENTS_TOTAL_MAX_BYTES) return { status: 413, message: submissionMessages.totalTooLarge };
  return null;
}

/**
 * What the save of a request's dialog answers (docs/product-rules.md, "Status history"): a
 * message to the client is confirmed as a message, distinct from a change of status.
 */
export function statusUpdateOutcome(done: { statusChanged: boolean; messageSent: boolean }): string {
  if (done.messageSent)
    return done.statusChanged
      ? submissionMessages.statusUpdatedAndMessageSent
      : submissionMessages.clientMessageSent;
  return done.statusChanged ? submissionMessages.statusUpdated : submissionMessages.saved;
}

/** The toast's title over that answer: 'Message envoyé' for a message alone. */
export function statusUpdateTitle(outcome: string): string {
  if (outcome === submissionMessages.clientMessageSent) return 'Message envoyé';
  if (outcome === submissionMessages.saved) return 'Enregistré';
  return 'Statut mis à jour';
}
