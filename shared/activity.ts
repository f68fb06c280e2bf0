import { businessWallClock } from './calendar';
import { isPublication, PUBLICATION_STATES } from './publication';

/**
 * The activity log's vocabulary (docs/product-rules.md, "Activity log"): short English keys
 * stored in the table, with the French labels the back office shows. One list for the
 * server's filters (an unknown key is a 422) and the screen's selects.
 */

export const ACTIVITY_ACTIONS = {
  create: 'Création',
  update: 'Modification',
  delete: 'Suppression',
  trash: 'Mise à la corbeille',
  restore: 'Restauration',
  purge: 'Suppression définitive',
  revert: 'Retour à une version',
  status: 'Changement de statut',
  publish: 'Publication',
  unpublish: 'Dépublication',
  assign: 'Attribution',
  login: 'Connexion',
  login_failed: 'Connexion refusée',
  logout: 'Déconnexion',
  password_change: 'Changement de mot de passe',
  password_reset: 'Réinitialisation du mot de passe',
  invitation: 'Invitation',
  invitation_accepted: 'Invitation acceptée',
  role_change: 'Changement de rôle',
  deactivate: 'Désactivation',
  reactivate: 'Réactivation',
  tracking_link: 'Nouveau lien de suivi',
  client_message: 'Message au client',
  repair: 'Réparation',
  backup: 'Sauvegarde',
} as const;

export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

export const ACTIVITY_ENTITIES = {
  product: 'Produit',
  category: 'Catégorie',
  project: 'Réalisation',
  parcel: 'Parcelle',
  fleet_property: 'Flotte immobilière',
  miscellaneous_good: 'Bien divers',
  promotion: 'Promotion',
  testimonial: 'Témoignage',
  submission: 'Demande de projet',
  contact_message: 'Message de contact',
  site_update: 'Nouvelle de chantier',
  image: 'Image',
  user: 'Utilisateur',
  storage: 'Stockage',
  mail: 'Courriel',
  backup: 'Sauvegarde',
} as const;

export type ActivityEntity = keyof typeof ACTIVITY_ENTITIES;

export function isActivityAction(value: unknown): value is ActivityAction {
  return typeof value === 'string' && Object.hasOwn(ACTIVITY_ACTIONS, value);
}

export function isActivityEntity(value: unknown): value is ActivityEntity {
  return typeof value === 'string' && Object.hasOwn(ACTIVITY_ENTITIES, value);
}

/** One row of the log as the API answers it. */
export interface ActivityRow {
  id: number;
  /** ISO 8601 UTC. */
  created_at: string;
  user_id: number | null;
  user_name: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  label: string | null;
  /** field -> [old, new]; null when the action changes no field (a deletion, a sign-in). */
  changes: Record<string, [unknown, unknown]> | null;
}

/** The French label of a changed field, for the screen and the CSV; the column name otherwise. */
export const ACTIVITY_FIELDS: Record<string, string> = {
  name: 'Nom',
  title: 'Titre',
  reference: 'Référence',
  assignee: 'Assigné à',
  price: 'Prix',
  old_price: 'Ancien prix',
  stock: 'Stock',
  category_id: 'Catégorie',
  description: 'Description',
  long_description: 'Description longue',
  specifications: 'Caractéristiques',
  features: 'Points forts',
  image: 'Image',
  gallery: 'Galerie',
  images: 'Images',
  photo: 'Photo',
  photos: 'Photos',
  status: 'Statut',
  message: 'Message au client',
  published: 'Publié',
  publication: 'État de publication',
  publish_at: 'Date de publication',
  email: 'E-mail',
  role: 'Rôle',
  active: 'Actif',
  location: 'Lieu',
  date: 'Date',
  phase: 'Phase',
  progress: 'Avancement',
  text: 'Texte',
  client_name: 'Client',
  content: 'Contenu',
  discount: 'Remise',
  start_date: 'Début',
  end_date: 'Fin',
  file: 'Fichier',
  repaired: 'Réparé',
  channel: 'Envoi',
  admin_notes: 'Note interne',
  contact_method: 'Moyen de contact',
  type: 'Type',
  main_image: 'Image principale',
};

/** Fields whose 0/1 (or false/true) reads as Non/Oui. */
const YES_NO_FIELDS = new Set(['published', 'active']);

/**
 * A stored instant ('YYYY-MM-DD HH:MM:SS' in UTC, or ISO 8601) as a Cotonou wall clock,
 * 'jj/mm/aaaa hh:mm', the way the form shows it; the value itself when it reads as none.
 */
function cotonouMoment(value: string): string {
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return value;
  const c = businessWallClock(at);
  return `${c.day}/${c.month}/${c.year} ${c.hour}:${c.minute}`;
}

/** One value of a change as a person reads it; `max` shortens a long text with '…'. */
export function activityValue(field: string, value: unknown, max = Infinity): string {
  let text: string;
  if (value === null || value === undefined || value === '') text = '(vide)';
  else if (field === 'publication' && isPublication(value)) text = PUBLICATION_STATES[value];
  else if (field === 'publish_at' && typeof value === 'string') text = cotonouMoment(value);
  else if (YES_NO_FIELDS.has(field) && [0, 1, true, false, '0', '1'].includes(value as never))
    text = value === 1 || value === true || value === '1' ? 'Oui' : 'Non';
  else if (Array.isArray(value)) text = value.length === 0 ? '(vide)' : value.map(String).join(', ');
  else if (typeof value === 'object') text = JSON.stringify(value);
  else text = String(value);
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text;
}

/** A change as one line: 'Prix : 12000 → 15000'. */
export function describeChange(
  field: string,
  [before, after]: readonly [unknown, unknown],
  max = Infinity,
): string {
  const name = ACTIVITY_FIELDS[field] ?? field;
  return `${name} : ${activityValue(field, before, max)} → ${activityValue(field, after, max)}`;
}

/** The French label of an action or entity key; the key itself for one this list does not know. */
export const actionLabel = (action: string): string =>
  isActivityAction(action) ? ACTIVITY_ACTIONS[action] : action;
export const entityLabel = (entity: string): string =>
  isActivityEntity(entity) ? ACTIVITY_ENTITIES[entity] : entity;
