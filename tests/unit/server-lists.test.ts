import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bulkMessages, bulkSelectionFields, checkBulkSelection, BULK_IDS_MAX } from '#shared/bulk';
import { listMessages, listQueryFields, LIST_PER_PAGE_MAX } from '#shared/list-query';
import { nextSort, serverListCodec, sortState } from '#client/admin/kit/server-list';

const schema = z.object({
  ...listQueryFields({ sorts: ['name', 'price', 'created_at'], defaultSort: '-created_at', perPage: 25 }),
  category_id: z.string().optional(),
});

describe('a server list query (docs/product-rules.md, "Lists of the back office")', () => {
  it('reads its defaults from an empty query string', () => {
    expect(schema.parse({})).toEqual({
      page: 1,
      per_page: 25,
      search: '',
      sort: { key: 'created_at', order: 'desc' },
    });
  });

  it('reads a column ascending, or descending after a minus sign', () => {
    expect(schema.parse({ sort: 'price' }).sort).toEqual({ key: 'price', order: 'asc' });
    expect(schema.parse({ sort: '-name' }).sort).toEqual({ key: 'name', order: 'desc' });
  });

  it('refuses an unknown column in French, naming the ones allowed, never passing it on', () => {
    const result = schema.safeParse({ sort: 'password_hash; drop table users' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(listMessages.sortInvalid(['name', 'price', 'created_at']));
    expect(result.error?.issues[0]?.message).toContain('Colonnes possibles : name, price, created_at');
  });

  it('refuses a page size above the maximum and a page that is not a whole number', () => {
    expect(schema.safeParse({ per_page: String(LIST_PER_PAGE_MAX) }).success).toBe(true);
    expect(schema.safeParse({ per_page: String(LIST_PER_PAGE_MAX + 1) }).error?.issues[0]?.message).toBe(
      listMessages.perPageInvalid,
    );
    expect(schema.safeParse({ page: '0' }).success).toBe(false);
    expect(schema.safeParse({ page: '2.5' }).success).toBe(false);
  });

  it('trims the search and reads a blank one as none', () => {
    expect(schema.parse({ search: '  Agossou ' }).search).toBe('Agossou');
    expect(schema.parse({ search: '   ' }).search).toBe('');
  });
});

describe('a bulk request (docs/product-rules.md, "Bulk actions")', () => {
  const bulk = z
    .object({
      action: z.enum(['publish', 'delete'], { error: bulkMessages.actionInvalid }),
      ...bulkSelectionFields(schema.omit({ page: true, per_page: true, sort: true })),
    })
    .superRefine(checkBulkSelection);

  it('takes ids, or a filter with the count the staff saw', () => {
    expect(bulk.parse({ action: 'publish', ids: [3, 4] })).toEqual({ action: 'publish', ids: [3, 4] });
    expect(bulk.parse({ action: 'delete', filter: { search: 'ciment' }, expected: 12 })).toMatchObject({
      filter: { search: 'ciment' },
      expected: 12,
    });
  });

  it('refuses an unknown action, no selection, both selections, empty or too many ids', () => {
    const messageOf = (body: unknown) => bulk.safeParse(body).error?.issues[0]?.message;
    expect(messageOf({ action: 'drop', ids: [1] })).toBe(bulkMessages.actionInvalid);
    expect(messageOf({ action: 'publish' })).toBe(bulkMessages.selectionMissing);
    expect(messageOf({ action: 'publish', ids: [1], filter: {} })).toBe(bulkMessages.selectionBoth);
    expect(messageOf({ action: 'publish', ids: [] })).toBe(bulkMessages.idsEmpty);
    expect(messageOf({ action: 'publish', ids: [0] })).toBe(bulkMessages.idsInvalid);
    const many = Array.from({ length: BULK_IDS_MAX + 1 }, (_, index) => index + 1);
    expect(messageOf({ action: 'publish', ids: many })).toBe(bulkMessages.idsTooMany);
  });

  it('words its outcome in French with the counts', () => {
    expect(bulkMessages.done(1, 0)).toBe('1 élément modifié.');
    expect(bulkMessages.done(12, 2)).toBe('12 éléments modifiés, 2 refusés.');
  });
});

describe('the back office’s server list codec', () => {
  const codec = serverListCodec({
    sort: '-created_at',
    filters: { categorie: '', etat: '' },
    api: { categorie: 'category_id', etat: 'publication' },
  });

  it('reads defaults from a bare address and leaves them out when writing', () => {
    const query = codec.read(new URLSearchParams(''));
    expect(query).toEqual({ page: 1, search: '', sort: '-created_at', categorie: '', etat: '' });
    expect(codec.write(new URLSearchParams('soumission=4'), query).toString()).toBe('soumission=4');
  });

  it('keeps page, search, sort and filters in the address and gives them to the API under its names', () => {
    const query = codec.read(new URLSearchParams('page=3&search=ciment&sort=name&categorie=7&etat=draft'));
    expect(codec.write(new URLSearchParams(), query).toString()).toBe(
      'page=3&search=ciment&sort=name&categorie=7&etat=draft',
    );
    expect(codec.apiParams(query)).toEqual({
      search: 'ciment',
      sort: 'name',
      category_id: '7',
      publication: 'draft',
    });
  });

  it('sorts a column ascending first, then descending, and says so for aria-sort', () => {
    expect(nextSort('-created_at', 'name')).toBe('name');
    expect(nextSort('name', 'name')).toBe('-name');
    expect(nextSort('-name', 'name')).toBe('name');
    expect(sortState('name', 'name')).toBe('ascending');
    expect(sortState('-name', 'name')).toBe('descending');
    expect(sortState('-created_at', 'name')).toBe('none');
  });
});
