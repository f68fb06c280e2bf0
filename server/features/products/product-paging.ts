import type { Request } from 'express';
import { ValidationError } from '#server/errors';
import { pageInfo, type PageInfo } from '#shared/paged';

/**
 * Optional paging of `GET /products` (product rules, Public site: the public catalogue loads its products a
 * screenful at a time). Only a request that names `page` is paged; without it the list
 * answers as before, whole, because the back office and older clients rely on that.
 */
export const PRODUCTS_PER_PAGE = 12;
export const PRODUCTS_PER_PAGE_MAX = 48;

export const pagingMessages = {
  pageInvalid: 'Le numéro de page doit être un entier positif',
  perPageInvalid: `Le nombre de produits par page doit être un entier entre 1 et ${PRODUCTS_PER_PAGE_MAX}`,
};

export interface Paging {
  page: number;
  perPage: number;
}

const WHOLE = /^[1-9]\d{0,8}$/;

/** The paging a query asks for, or null when it names no `page`. Bad values: 422. */
export function pagingOf(query: Request['query']): Paging | null {
  if (query.page === undefined) return null;
  const page = typeof query.page === 'string' ? query.page.trim() : '';
  if (!WHOLE.test(page)) throw new ValidationError({ page: [pagingMessages.pageInvalid] });
  const perPageText =
    query.per_page === undefined
      ? String(PRODUCTS_PER_PAGE)
      : typeof query.per_page === 'string'
        ? query.per_page.trim()
        : '';
  const perPage = WHOLE.test(perPageText) ? Number(perPageText) : 0;
  if (perPage < 1 || perPage > PRODUCTS_PER_PAGE_MAX)
    throw new ValidationError({ per_page: [pagingMessages.perPageInvalid] });
  return { page: Number(page), perPage };
}

/** Where the page stands (`meta`): the shared paged shape's fields (shared/paged.ts). */
export function pageMeta(paging: Paging, total: number): PageInfo {
  return pageInfo({ page: paging.page, per_page: paging.perPage }, total);
}
