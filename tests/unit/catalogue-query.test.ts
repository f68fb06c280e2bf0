import { describe, expect, it } from 'vitest';
import type { CatalogueItem } from '#shared/readers/catalogue';
import {
  catalogueHref,
  matches,
  readCatalogueState,
  wholeNumber,
} from '#client/pages/products/catalogue-query';

/** The catalogue's URL state (product rules, Validation) and the island's filter. */

const item = (overrides: Partial<CatalogueItem> = {}): CatalogueItem => ({
  id: 7,
  reference: 'PRD-0007',
  name: 'Ciment CPJ 35 – sac de 50 kg',
  category_id: 1,
  price: 5500,
  description: 'Ciment Portland composé pour maçonnerie.',
  image: null,
  stock: 3,
  ...overrides,
});

describe('readCatalogueState', () => {
  it('reads search, category and page from the query, trimming the search', () => {
    expect(readCatalogueState(new URLSearchParams('search=%20ciment%20&category=3&page=2'))).toEqual({
      search: 'ciment',
      categoryId: 3,
      page: 2,
    });
  });

  it('reads a missing or malformed category and page as all products, first page', () => {
    for (const query of [
      '',
      'category=abc&page=x',
      'category=0&page=0',
      'category=-2&page=1.5',
      'category=&page=',
    ]) {
      expect(readCatalogueState(new URLSearchParams(query))).toEqual({
        search: '',
        categoryId: null,
        page: 1,
      });
    }
  });

  it('cuts a search longer than 100 characters', () => {
    expect(readCatalogueState(new URLSearchParams(`search=${'a'.repeat(500)}`)).search).toHaveLength(100);
  });
});

describe('catalogueHref', () => {
  it('is /products alone for every product, first page', () => {
    expect(catalogueHref({ search: '  ', categoryId: null, page: 1 })).toBe('/products');
  });

  it('carries search, category and a later page, encoded', () => {
    expect(catalogueHref({ search: 'fer & acier', categoryId: 4, page: 3 })).toBe(
      '/products?search=fer+%26+acier&category=4&page=3',
    );
  });

  it('round-trips through readCatalogueState', () => {
    const state = { search: 'Tôle « bac »', categoryId: 12, page: 2 };
    expect(readCatalogueState(new URL(catalogueHref(state), 'http://x').searchParams)).toEqual(state);
  });
});

describe('matches', () => {
  it('finds a substring of the name whatever its case, accents included', () => {
    expect(matches(item(), { search: 'CPJ', categoryId: null })).toBe(true);
    expect(matches(item({ name: 'Évier inox' }), { search: 'éVIER', categoryId: null })).toBe(true);
    expect(matches(item(), { search: 'parpaing', categoryId: null })).toBe(false);
  });

  it('finds the reference too, as the server does', () => {
    expect(matches(item(), { search: 'prd-0007', categoryId: null })).toBe(true);
  });

  it('combines the search with the category', () => {
    expect(matches(item(), { search: 'ciment', categoryId: 1 })).toBe(true);
    expect(matches(item(), { search: 'ciment', categoryId: 2 })).toBe(false);
    expect(matches(item(), { search: '', categoryId: 2 })).toBe(false);
    expect(matches(item(), { search: '   ', categoryId: null })).toBe(true);
  });
});

describe('wholeNumber', () => {
  it('accepts positive whole numbers only', () => {
    expect(wholeNumber('42')).toBe(42);
    expect(wholeNumber(' 42 ')).toBe(42);
    for (const value of ['0', '-1', '1.5', '1e3', 'abc', '', null, undefined, '0042', '9999999999'])
      expect(wholeNumber(value)).toBeNull();
  });
});
