import type { CatalogueItem } from '#shared/readers/catalogue';
import { paths } from '#shared/paths';

/**
 * The catalogue's state in its URL (`/products?search=...&category=<id>&page=<n>`): the
 * server reads it (the page works without JavaScript: a GET form and links), the island
 * writes it back as the visitor filters, so a reload or a shared link shows the same list.
 */
export interface CatalogueState {
  search: string;
  categoryId: number | null;
  page?: number;
}

const WHOLE = /^[1-9]\d{0,8}$/;

export function wholeNumber(value: string | null | undefined): number | null {
  const text = value?.trim() ?? '';
  return WHOLE.test(text) ? Number(text) : null;
}

export function readCatalogueState(params: URLSearchParams): Required<CatalogueState> {
  // The search box has no maxlength of its own: a pasted essay is cut, not an error.
  const search = (params.get('search') ?? '').trim().slice(0, 100);
  return {
    search,
    categoryId: wholeNumber(params.get('category')),
    page: wholeNumber(params.get('page')) ?? 1,
  };
}

export function catalogueHref({ search, categoryId, page }: CatalogueState): string {
  const params = new URLSearchParams();
  if (search.trim()) params.set('search', search.trim());
  if (categoryId !== null) params.set('category', String(categoryId));
  if (page !== undefined && page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${paths.products}?${query}` : paths.products;
}

/**
 * The island's instant filter: the same rule as the server's (products.repository.ts): the
 * name or the reference contains the text, ignoring case, within the chosen category.
 */
export function matches(item: CatalogueItem, { search, categoryId }: CatalogueState): boolean {
  if (categoryId !== null && item.category_id !== categoryId) return false;
  const needle = search.trim().toLocaleLowerCase('fr');
  return (
    !needle ||
    item.name.toLocaleLowerCase('fr').includes(needle) ||
    item.reference.toLocaleLowerCase('fr').includes(needle)
  );
}
