import type { Knex } from 'knex';
import { toDbDateTime } from './dialect';

/**
 * Who a read is for (docs/product-rules.md, "Trash, revisions and drafts"). Every read of a
 * table with a trash leaves trashed rows out; a public read of what the public site shows
 * also leaves out drafts and items scheduled after `now`. Only the trash's own module reads
 * trashed rows. A read names its audience: there is no default, so a new read cannot show
 * a draft to the public by omission.
 */
export type Visibility = { audience: 'staff' } | { audience: 'public'; now: Date; preview?: PreviewedRow };

/**
 * The one row a staff preview shows on the public page, whatever its state
 * (docs/decisions/0041-drafts-and-scheduled-publishing.md); every other row as the public sees it.
 */
export interface PreviewedRow {
  table: PublishedTable;
  id: number;
}

export const STAFF: Visibility = { audience: 'staff' };

export function publicAt(now: Date = new Date()): Visibility {
  return { audience: 'public', now };
}

/** Tables whose rows the public site shows, and how each says it is published. */
const PUBLISHED_BY = {
  products: 'publication',
  projects: 'publication',
  parcels: 'publication',
  fleet_properties: 'publication',
  miscellaneous_goods: 'publication',
  promotions: 'publication',
  testimonials: 'flag',
} as const;

export type PublishedTable = keyof typeof PUBLISHED_BY;

/** Every table whose rows the public site shows once published and due. */
export const PUBLISHED_TABLES = Object.keys(PUBLISHED_BY) as readonly PublishedTable[];

const column = (alias: string | undefined, name: string) => (alias ? `${alias}.${name}` : name);

/** Leaves trashed rows out. `alias` qualifies the column in a join (`p` for `products as p`). */
export function whereNotTrashed<QB extends Knex.QueryBuilder>(query: QB, alias?: string): QB {
  query.whereNull(column(alias, 'deleted_at'));
  return query;
}

/**
 * Leaves out what `visibility` may not see of `table`: trashed rows always; for the
 * public, drafts (`publication = 'draft'`, or an unpublished testimonial) and rows whose
 * `publish_at` is still to come.
 */
export function whereVisible<QB extends Knex.QueryBuilder>(
  query: QB,
  table: PublishedTable,
  visibility: Visibility,
  alias?: string,
): QB {
  whereNotTrashed(query, alias);
  if (visibility.audience === 'staff') return query;
  const now = toDbDateTime(visibility.now);
  const shown = (builder: Knex.QueryBuilder) => {
    if (PUBLISHED_BY[table] === 'flag') builder.where(column(alias, 'published'), true);
    else builder.where(column(alias, 'publication'), 'published');
    builder.where((due) => {
      due.whereNull(column(alias, 'publish_at')).orWhere(column(alias, 'publish_at'), '<=', now);
    });
  };
  const preview = visibility.preview;
  if (preview?.table === table) {
    query.where((either) => {
      either.where(shown).orWhere(column(alias, 'id'), preview.id);
    });
  } else shown(query);
  return query;
}

/**
 * Puts a preview's row first in a list cut to a few items (the home page's testimonials and
 * promotions), so the item previewed is on the page whatever its date. Call it before the
 * list's own order.
 */
export function previewFirst<QB extends Knex.QueryBuilder>(
  query: QB,
  table: PublishedTable,
  visibility: Visibility,
): QB {
  if (visibility.audience === 'public' && visibility.preview?.table === table)
    query.orderByRaw('CASE WHEN id = ? THEN 0 ELSE 1 END', [visibility.preview.id]);
  return query;
}
