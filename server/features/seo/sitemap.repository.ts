import type { Knex } from 'knex';
import { fromDbDateTime } from '#server/db/dialect';
import { publicAt, whereVisible } from '#server/db/visibility';

/** A page of the catalogue or the portfolio, as the sitemap lists it. */
export interface SitemapItem {
  id: number;
  updatedAt: Date | null;
}

/** Only what the public may see at this moment: no draft, nothing scheduled later, nothing trashed. */
async function items(db: Knex, table: 'products' | 'projects'): Promise<SitemapItem[]> {
  const rows: { id: number; updated_at: string | Date | null }[] = await whereVisible(
    db(table),
    table,
    publicAt(),
  )
    .select('id', 'updated_at')
    .orderBy('id');
  return rows.map((row) => ({ id: Number(row.id), updatedAt: fromDbDateTime(row.updated_at) }));
}

export const sitemapProducts = (db: Knex) => items(db, 'products');
export const sitemapProjects = (db: Knex) => items(db, 'projects');
