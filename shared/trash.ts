import type { Access } from './roles';

/**
 * The trash (docs/product-rules.md, "Trash, revisions and drafts"): the kinds of record a
 * deletion moves there, as the API names them (`/api/admin/trash/{kind}/{id}`), with the
 * labels the back office shows.
 */

export const TRASH_KINDS = {
  product: 'Produit',
  category: 'Catégorie',
  project: 'Réalisation',
  parcel: 'Parcelle',
  fleet: 'Flotte immobilière',
  misc: 'Bien divers',
  promotion: 'Promotion',
  testimonial: 'Témoignage',
  submission: 'Demande de projet',
  message: 'Message de contact',
  site_update: 'Nouvelle de chantier',
} as const;

export type TrashKind = keyof typeof TRASH_KINDS;

/**
 * Who sees a kind in the trash and restores it: the access that deletes it
 * (docs/product-rules.md, "Roles and access"). Purging for good is `operator`'s alone.
 */
export const TRASH_ACCESS: Record<TrashKind, Access> = {
  product: 'catalogue',
  category: 'catalogue',
  project: 'catalogue',
  parcel: 'catalogue',
  fleet: 'catalogue',
  misc: 'catalogue',
  promotion: 'catalogue',
  testimonial: 'catalogue',
  submission: 'operator',
  message: 'operator',
  site_update: 'sitesWrite',
};

export function isTrashKind(value: unknown): value is TrashKind {
  return typeof value === 'string' && Object.hasOwn(TRASH_KINDS, value);
}

/** One row of `GET /api/admin/trash`. */
export interface TrashItem {
  kind: TrashKind;
  id: number;
  label: string;
  deletedAt: string;
  deletedBy: string | null;
  /** Whole days before the running server purges it (0 on its last day). */
  daysLeft: number;
}

export const TRASH_MESSAGES = {
  notFound: "Cet élément n'est pas dans la corbeille.",
  unknownKind: "Ce type d'élément n'a pas de corbeille.",
  restored: 'Élément restauré.',
  purged: 'Élément supprimé définitivement.',
  emptied: 'Corbeille vidée.',
  categoryHoldsProducts:
    'Cette catégorie contient encore des produits (dans la corbeille peut-être) : supprimez-les définitivement d’abord.',
} as const;
