import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkMessages } from '#shared/bulk';
import { categoryMessages } from '#shared/schemas/category';
import { ConflictError } from '#server/errors';
import { bulkIds, runBulk } from '#server/db/bulk';
import { listIds, listPage } from '#server/db/list-page';
import { whereNotTrashed } from '#server/db/visibility';
import { categoryTrash } from '#server/features/categories';
import { productTrash } from '#server/features/products';
import { moveManyToTrash } from '#server/features/trash';
import { storedImageKeys } from '#server/images/image-paths';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { aCategory, aProduct } from '../helpers/builders';
import { jpeg } from '../helpers/images';
import { testEngines } from '../helpers/test-db';

/**
 * The core every server list and bulk action is built on (docs/product-rules.md, "Lists of
 * the back office" and "Bulk actions"), on both engines: a page sorted and searched with
 * its total, the ids of a filtered list checked against the count the staff saw, one
 * transaction for a bulk change, and a bulk deletion to the trash refusing row by row.
 */

const actor = { id: 1, name: 'Awa Admin' };
const SPEC = {
  search: ['products.name', 'products.reference'],
  sorts: { name: 'products.name', price: 'products.price', created_at: 'products.created_at' },
} as const;

describe.each(testEngines())('bulk core on $name', (engine) => {
  let api: ApiHarness;
  let category: number;

  const filtered = () =>
    whereNotTrashed(api.db.knex('products'), 'products').where('products.category_id', category);

  beforeAll(async () => {
    api = await openApiHarness(engine);
    category = (await aCategory(api.db, { name: 'Liants' })).id;
    for (const [name, price] of [
      ['Ciment CPJ 45', 5500],
      ['Chaux vive', 3000],
      ['Ciment blanc', 9000],
      ['Plâtre fin', 4000],
      ['Mortier colle', 7000],
    ] as const)
      await aProduct(api.db, { name, price, category_id: category });
  }, 120_000);
  afterAll(() => api.cleanup());

  it('reads a sorted page, its search and its total, ties broken by id', async () => {
    const query = { page: 1, per_page: 2, search: '', sort: { key: 'price', order: 'desc' } } as const;
    const first = await listPage<{ name: string }, keyof typeof SPEC.sorts>(
      filtered,
      ['products.name'],
      query,
      SPEC,
    );
    expect(first.total).toBe(5);
    expect(first.rows.map((row) => row.name)).toEqual(['Ciment blanc', 'Mortier colle']);
    const third = await listPage<{ name: string }, keyof typeof SPEC.sorts>(
      filtered,
      ['products.name'],
      { ...query, page: 3 },
      SPEC,
    );
    expect(third.rows.map((row) => row.name)).toEqual(['Chaux vive']);
    const searched = await listPage<{ name: string }, keyof typeof SPEC.sorts>(
      filtered,
      ['products.name'],
      { page: 1, per_page: 10, search: 'ciment CPJ', sort: { key: 'name', order: 'asc' } },
      SPEC,
    );
    expect(searched).toEqual({ rows: [{ name: 'Ciment CPJ 45' }], total: 1 });
  });

  it('acts on a filtered list only when it still holds the rows the staff saw', async () => {
    const idsOf = (filter: { search: string }) =>
      listIds(filtered, { columns: SPEC.search, text: filter.search });
    expect(await bulkIds({ filter: { search: 'ciment' }, expected: 2 }, idsOf)).toHaveLength(2);
    await expect(bulkIds({ filter: { search: 'ciment' }, expected: 3 }, idsOf)).rejects.toThrow(
      new ConflictError(bulkMessages.selectionChanged(3, 2)),
    );
    expect(await bulkIds({ ids: [4, 4, 2] }, idsOf)).toEqual([4, 2]);
  });

  it('changes every row in one transaction, and none when the database fails midway', async () => {
    const ids = await listIds(filtered, { columns: SPEC.search, text: '' });
    const answer = await runBulk(api.db.knex, ids, async (trx, id) => {
      const row = await trx('products').where({ id }).first();
      if (row.name === 'Plâtre fin') return { refused: 'Produit verrouillé.' };
      if (row.name === 'Chaux vive') return 'unchanged';
      await trx('products').where({ id }).update({ stock: 99 });
      return 'changed';
    });
    expect(answer.changed).toBe(3);
    expect(answer.refused).toEqual([{ id: expect.any(Number), message: 'Produit verrouillé.' }]);
    expect(answer.message).toBe('3 éléments modifiés, 1 refusé.');
    expect(await api.db.knex('products').where({ category_id: category, stock: 99 })).toHaveLength(3);

    await expect(
      runBulk(api.db.knex, ids, async (trx, id) => {
        await trx('products').where({ id }).update({ stock: 1 });
        if (id === ids[ids.length - 1]) throw new Error('panne');
        return 'changed';
      }),
    ).rejects.toThrow('panne');
    expect(await api.db.knex('products').where({ category_id: category, stock: 1 })).toHaveLength(0);
  });

  it('moves many rows to the trash at once with their files, refusing a category that holds products', async () => {
    const picture = await jpeg();
    const image = 'products/bulk-core-1.jpg';
    const keys = storedImageKeys(image, api.layout);
    await api.layout.files.putAll(keys.map((key) => ({ key, data: picture })));
    const empty = await aCategory(api.db, { name: 'Vide' });
    const full = await aCategory(api.db, { name: 'Pleine' });
    const pictured = await aProduct(api.db, { name: 'Brique pleine', image, category_id: full.id });
    const plain = await aProduct(api.db, { name: 'Brique creuse', category_id: full.id });

    const products = await moveManyToTrash({ db: api.db.knex, layout: api.layout }, actor, productTrash, [
      pictured.id,
      plain.id,
      999_999,
    ]);
    expect(products).toEqual({
      changed: 2,
      refused: [{ id: 999_999, message: bulkMessages.notFound }],
      message: '2 éléments modifiés, 1 refusé.',
    });
    const onDisk = (key: string) => path.join(api.layout.root, 'app', key);
    for (const key of keys) {
      expect(existsSync(onDisk(key))).toBe(false);
      expect(existsSync(onDisk(`trash/${key}`))).toBe(true);
    }
    expect(
      await api.db.knex('trash').where({ kind: 'product' }).whereIn('entity_id', [pictured.id, plain.id]),
    ).toHaveLength(2);
    expect(
      await api.db
        .knex('activity_log')
        .where({ action: 'trash', entity: 'product' })
        .whereIn('entity_id', [String(pictured.id), String(plain.id)]),
    ).toHaveLength(2);

    // 'Liants' still holds its five products: refused, named with why; 'Vide' goes.
    const categories = await moveManyToTrash({ db: api.db.knex, layout: api.layout }, actor, categoryTrash, [
      category,
      empty.id,
    ]);
    expect(categories.changed).toBe(1);
    expect(categories.refused).toEqual([{ id: category, message: categoryMessages.notEmpty }]);
    expect((await api.db.knex('categories').where({ id: category }).first()).deleted_at).toBeNull();
    expect((await api.db.knex('categories').where({ id: empty.id }).first()).deleted_at).not.toBeNull();
  });
});
