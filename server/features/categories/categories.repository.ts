import type { Knex } from 'knex';
import type { CategoryInput } from '#shared/schemas/category';
import type { Category } from '#shared/types';
import { toDbDateTime, toNumber } from '#server/db/dialect';
import { whereNotTrashed } from '#server/db/visibility';

export interface CategoryRow {
  id: number;
  name: string;
  description: string;
  products_count: number | string;
}

/**
 * Trashed categories are left out, and so are trashed products from the count
 * (docs/product-rules.md, "Trash"); drafts count: the count is the staff's.
 * The product count is counted by category id (product rules, Entities matches by name, which a
 * rename would break). A correlated sub-query rather than GROUP BY: MySQL's
 * ONLY_FULL_GROUP_BY and TEXT columns make grouping engine-dependent.
 */
function withCount(db: Knex) {
  const products = whereNotTrashed(db('products as p').count('*'), 'p').whereRaw('?? = ??', [
    'p.category_id',
    'c.id',
  ]);
  return whereNotTrashed(
    db('categories as c').select('c.id', 'c.name', 'c.description', products.as('products_count')),
    'c',
  );
}

export function toCategory(row: CategoryRow): Category {
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    products_count: toNumber(row.products_count),
  };
}

/** French alphabetical order, the same on both engines (their collations differ on accents). */
const byName = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

export async function listCategories(db: Knex): Promise<Category[]> {
  const rows: CategoryRow[] = await withCount(db);
  return rows.map(toCategory).sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id);
}

export async function findCategory(db: Knex, id: number): Promise<Category | null> {
  const row: CategoryRow | undefined = await withCount(db).where('c.id', id).first();
  return row ? toCategory(row) : null;
}

/**
 * Whether another category already has this name, ignoring case: MySQL's collation already
 * ignores it for the unique index, SQLite's does not, so both are asked the same question.
 */
export async function categoryNameTaken(db: Knex, name: string, exceptId?: number): Promise<boolean> {
  const query = db('categories').whereRaw('LOWER(name) = LOWER(?)', [name]).first('id');
  if (exceptId !== undefined) query.whereNot('id', exceptId);
  return (await query) !== undefined;
}

export async function categoryExists(db: Knex, id: number): Promise<boolean> {
  return (await whereNotTrashed(db('categories')).where('id', id).first('id')) !== undefined;
}

export async function insertCategory(db: Knex, input: CategoryInput, now: Date): Promise<number> {
  const stamp = toDbDateTime(now);
  const [id] = await db('categories').insert({ ...input, created_at: stamp, updated_at: stamp });
  return Number(id);
}

/** The number of rows changed (0 when the category does not exist). */
export async function updateCategory(db: Knex, id: number, input: CategoryInput, now: Date): Promise<number> {
  return db('categories')
    .where('id', id)
    .update({ ...input, updated_at: toDbDateTime(now) });
}

export async function productsInCategory(db: Knex, id: number): Promise<number> {
  const row = await db('products').where('category_id', id).count({ n: '*' }).first();
  return toNumber((row?.n ?? 0) as number | string);
}

export async function deleteCategory(db: Knex, id: number): Promise<number> {
  return db('categories').where('id', id).delete();
}
