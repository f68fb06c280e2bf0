import type { Knex } from 'knex';
import { isUniqueViolation, toNumber, whereContains } from '#server/db/dialect';
import { whereVisible, type Visibility } from '#server/db/visibility';
import { wherePublicationIs, type PublicationFilter } from '#server/db/publication';
import { nextReferenceNumber, productReference } from '#server/features/products/product-references';
import type { ProductRow } from './product-view';

/** What the catalogue and the admin list read: no long texts, tabs or gallery (`p` joined to `c`). */
export const SUMMARY_COLUMNS = [
  'p.id',
  'p.reference',
  'p.name',
  'p.category_id',
  'c.name as category_name',
  'p.price',
  'p.old_price',
  'p.stock',
  'p.description',
  'p.image',
  'p.created_at',
  'p.publication',
  'p.publish_at',
];
const DETAIL_COLUMNS = [
  ...SUMMARY_COLUMNS,
  'p.long_description',
  'p.specifications',
  'p.features',
  'p.gallery',
  'p.updated_at',
];

function withCategory(db: Knex | Knex.Transaction, columns: string[]) {
  return db('products as p').leftJoin('categories as c', 'c.id', 'p.category_id').select(columns);
}

export interface ProductFilter {
  /** Who reads: the public sees published, due products; the staff drafts too. Never trashed ones. */
  visibility: Visibility;
  /** Case-insensitive substring of the name or the reference (product rules, Validation). */
  search?: string;
  categoryId?: number;
  /** The back office's `?publication=` (staff reads only). */
  publication?: PublicationFilter;
}

function whereFilter<QB extends Knex.QueryBuilder>(query: QB, filter: ProductFilter): QB {
  whereVisible(query, 'products', filter.visibility, 'p');
  wherePublicationIs(query, 'products', filter.publication, 'p');
  if (filter.categoryId !== undefined) query.where('p.category_id', filter.categoryId);
  if (filter.search) whereContains(query, ['p.name', 'p.reference'], filter.search);
  return query;
}

/** Newest first (the catalogue and the admin list both show the latest additions first). */
function newestFirst(db: Knex, filter: ProductFilter) {
  return whereFilter(withCategory(db, SUMMARY_COLUMNS), filter).orderBy([
    { column: 'p.created_at', order: 'desc' },
    { column: 'p.id', order: 'desc' },
  ]);
}

export async function listProducts(db: Knex, filter: ProductFilter): Promise<ProductRow[]> {
  return newestFirst(db, filter);
}

/** One page of the same list (the id breaks ties, so pages never overlap). */
export async function listProductsPage(
  db: Knex,
  filter: ProductFilter,
  offset: number,
  limit: number,
): Promise<ProductRow[]> {
  return newestFirst(db, filter).offset(offset).limit(limit);
}

export async function countProducts(db: Knex, filter: ProductFilter): Promise<number> {
  const row = await whereFilter(db('products as p'), filter).count({ n: '*' }).first();
  return toNumber((row?.n ?? 0) as number | string);
}

export async function findProduct(
  db: Knex | Knex.Transaction,
  id: number,
  visibility: Visibility,
): Promise<ProductRow | null> {
  return (
    (await whereVisible(withCategory(db, DETAIL_COLUMNS), 'products', visibility, 'p')
      .where('p.id', id)
      .first()) ?? null
  );
}

export async function referenceTaken(db: Knex, reference: string, exceptId?: number): Promise<boolean> {
  const query = db('products').whereRaw('UPPER(reference) = ?', [reference]).first('id');
  if (exceptId !== undefined) query.whereNot('id', exceptId);
  return (await query) !== undefined;
}

/** Generated references can collide when two creations run at once: take the next number. */
const REFERENCE_ATTEMPTS = 3;

/**
 * Inserts a product; without a reference, the next PRD-n is taken inside the insert's
 * transaction (product rules: generated when left empty, with the seed's generator), and taken
 * again if a concurrent creation got it first.
 */
export async function insertProduct(
  db: Knex,
  row: Record<string, unknown> & { reference: string | null },
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (trx) => {
        const reference = row.reference ?? productReference(await nextReferenceNumber(trx));
        const [id] = await trx('products').insert({ ...row, reference });
        return Number(id);
      });
    } catch (error) {
      if (!(row.reference === null && isUniqueViolation(error) && attempt < REFERENCE_ATTEMPTS)) throw error;
    }
  }
}

export async function updateProduct(db: Knex, id: number, changes: Record<string, unknown>): Promise<number> {
  return db('products').where('id', id).update(changes);
}

export async function deleteProduct(db: Knex, id: number): Promise<number> {
  return db('products').where('id', id).delete();
}
