import type { Knex } from 'knex';
import { fromDbDateTime } from '#server/db/dialect';

/** A page of the catalogue or the portfolio, as the sitemap lists it. */
export interface SitemapItem {
  id: number;
  updatedAt: Date | null;
}

async function items(db: Knex, table: 'products' | 'projects'): Promise<SitemapItem[]> {
  const rows: { id: number; updated_at: string | Date | null }[] = await db(table)
    .select('id', 'updated_at')
    .orderBy('id');
  return rows.map((row) => ({ id: Number(row.id), updatedAt: fromDbDateTime(row.updated_at) }));
}

export const sitemapProducts = (db: Knex) => items(db, 'products');
export const sitemapProjects = (db: Knex) => items(db, 'projects');
