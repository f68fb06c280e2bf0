/**
 * Business vocabularies and limits shared by the pages, the back-office forms and the
 * server (product rules, States and Limits and constants; product rules). One list each: the forms offer these values,
 * the schemas in shared/schemas/ accept only these values.
 */

/** Product rules, States. */
export const PROJECT_STATUSES = ['En attente', 'En cours', 'Complété', 'Annulé'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
/** Product rules, Limits and constants: what the project form starts with. */
export const DEFAULT_PROJECT_STATUS: ProjectStatus = 'En attente';

/** Product rules, States's five categories plus 'Clôture' (product rules, Corrections of the original). */
export const PROJECT_CATEGORIES = [
  'Résidentiel',
  'Commercial',
  'Institutionnel',
  'Industriel',
  'Paysager',
  'Clôture',
] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

/** Product rules, Corrections of the original: the parcel statuses seeded and offered. */
export const PARCEL_STATUSES = ['Disponible', 'En cours', 'Réservé', 'À venir', 'Vendu'] as const;
export type ParcelStatus = (typeof PARCEL_STATUSES)[number];
/** Product rules, Limits and constants: what the parcel form starts with. */
export const DEFAULT_PARCEL_STATUS: ParcelStatus = 'Disponible';

/** Product rules, Limits and constants: the back office's upload limit for one image (2 MB). */
export const ADMIN_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
