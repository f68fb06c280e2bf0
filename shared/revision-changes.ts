import { ACTIVITY_FIELDS, activityValue } from './activity';
import type { RevisionData } from './revisions';

/**
 * How the 'Historique' of an edit screen shows a kept version against the current item
 * (docs/product-rules.md, "Revisions"): one line a field that differs, labelled in French
 * with the activity log's labels, long texts shortened, images as counts.
 */

/** One field of a version that differs from the current item: the version's value, then the current one. */
export interface RevisionChange {
  field: string;
  label: string;
  before: unknown;
  after: unknown;
}

/** One kept version as `GET /api/admin/revisions/{kind}/{id}` answers it, newest first. */
export interface RevisionEntry extends RevisionData {
  id: number;
  /** ISO 8601 UTC. */
  created_at: string;
  user_name: string | null;
  changes: RevisionChange[];
}

export const REVISION_MESSAGES = {
  unknownKind: "Ce type d'élément n'a pas d'historique.",
  notFound: 'Version introuvable : elle a peut-être été remplacée par des versions plus récentes.',
  itemNotFound: "L'élément de cette version n'existe plus (supprimé ou dans la corbeille).",
  restored: 'Version restaurée.',
  categoryGone:
    "La catégorie de cette version n'existe plus : choisissez une catégorie dans le formulaire puis enregistrez.",
  referenceTaken:
    'La référence de cette version est maintenant celle d’un autre produit : modifiez-la dans le formulaire.',
  imageGone:
    "Une image de cette version n'est plus dans le stockage : choisissez-en une autre dans le formulaire.",
} as const;

/** Labels of the fields the activity log does not name (offers, projects, testimonials). */
const MORE_FIELDS: Record<string, string> = {
  surface: 'Surface',
  numero: 'Numéro',
  categories: 'Catégories',
  challenges: 'Défis',
  materials: 'Matériaux',
  town: 'Ville',
  project_type: 'Type de projet',
  project_images: 'Images du projet',
  long_description: 'Description longue',
};

/** The French label of a version's field; the column name for one no list knows. */
export function revisionFieldLabel(field: string): string {
  return ACTIVITY_FIELDS[field] ?? MORE_FIELDS[field] ?? field;
}

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;
/** Amounts and counts: MySQL answers DECIMAL as text, SQLite as a number. */
const NUMBER_FIELDS = new Set(['price', 'old_price', 'stock', 'surface']);

/** A value as both engines and the JSON text columns compare alike: DECIMAL text as a number, JSON text as its value. */
function comparable(field: string, value: unknown): unknown {
  if (typeof value === 'string') {
    if (NUMBER_FIELDS.has(field) && DECIMAL_TEXT.test(value)) return Number(value);
    if (/^\s*[[{]/.test(value)) {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
    }
    return value === '' ? null : value;
  }
  return value ?? null;
}

/**
 * The fields where `version` differs from `current`, in the version's order (then fields
 * only the current item has), with comparable values (DECIMAL text as numbers, JSON text
 * parsed): 'Prix' 5500 (the version) and 6000 (now).
 */
export function revisionChanges(version: RevisionData, current: RevisionData): RevisionChange[] {
  const fields = [...new Set([...Object.keys(version.fields), ...Object.keys(current.fields)])];
  const changes: RevisionChange[] = [];
  for (const field of fields) {
    const before = comparable(field, version.fields[field]);
    const after = comparable(field, current.fields[field]);
    if (JSON.stringify(before) !== JSON.stringify(after))
      changes.push({ field, label: revisionFieldLabel(field), before, after });
  }
  return changes;
}

const SPACE_GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * One value as the 'Historique' shows it: amounts grouped by thousands ('5 500'), lists
 * joined, project images counted, long texts shortened to `max` characters with '…'.
 */
export function revisionValue(field: string, value: unknown, max = 80): string {
  if (field === 'project_images' && Array.isArray(value))
    return value.length === 0 ? '(aucune)' : `${value.length} image${value.length > 1 ? 's' : ''}`;
  if (NUMBER_FIELDS.has(field) && typeof value === 'number' && Number.isFinite(value)) {
    const [whole, decimals] = String(value).split('.');
    return `${whole!.replace(SPACE_GROUPS, ' ')}${decimals ? `,${decimals}` : ''}`;
  }
  return activityValue(field, value, max);
}

/** A change as one line: 'Prix : 5 500 → 6 000'. */
export function describeRevisionChange(change: RevisionChange, max = 80): string {
  return `${change.label} : ${revisionValue(change.field, change.before, max)} → ${revisionValue(change.field, change.after, max)}`;
}
