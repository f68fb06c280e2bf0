import { z } from 'zod';
import { skipBlank, wholeNumber } from '#shared/schemas/fields';

/**
 * The query of every back-office list read on the server (docs/product-rules.md, "Lists of
 * the back office"): `page` (from 1), `per_page` (at most LIST_PER_PAGE_MAX), `sort` (a
 * column the list allows, `-` before it for descending: `sort=-created_at`), `search`
 * (every word somewhere in the list's searched columns) and the list's own filters. A list
 * declares its sorts once, here through `listQueryFields`, and the server's `listPage`
 * (server/db/list-page.ts) maps each to its columns: an unknown column is a 422, never SQL.
 */

/** The most rows one page of a back-office list holds. */
export const LIST_PER_PAGE_MAX = 100;
/** The longest search a list reads (an e-mail address, a long name). */
export const LIST_SEARCH_MAX = 190;

export const listMessages = {
  pageInvalid: 'La page doit être un nombre entier positif.',
  perPageInvalid: `Le nombre de lignes par page doit être compris entre 1 et ${LIST_PER_PAGE_MAX}.`,
  searchInvalid: `La recherche doit être un texte de ${LIST_SEARCH_MAX} caractères au plus.`,
  sortInvalid: (allowed: readonly string[]) =>
    `Tri inconnu. Colonnes possibles : ${allowed.join(', ')} (précédées de « - » pour l’ordre décroissant).`,
} as const;

export type SortOrder = 'asc' | 'desc';

/** A list's order: one of its sort keys and a direction. */
export interface ListSort<S extends string = string> {
  key: S;
  order: SortOrder;
}

/** A sort as the query string writes it: `name`, `-created_at`. */
export type SortParam<S extends string> = S | `-${S}`;

export function parseSortParam<S extends string>(value: string, keys: readonly S[]): ListSort<S> | null {
  const descending = value.startsWith('-');
  const key = descending ? value.slice(1) : value;
  if (!(keys as readonly string[]).includes(key)) return null;
  return { key: key as S, order: descending ? 'desc' : 'asc' };
}

export function sortParamOf<S extends string>(sort: ListSort<S>): SortParam<S> {
  return sort.order === 'desc' ? `-${sort.key}` : sort.key;
}

/**
 * `?sort=` of a list allowing `keys`, or undefined when absent or blank: for a list that
 * falls back on an older sort of its own (the requests' `sort_by`/`sort_order`).
 */
export function optionalSortField<S extends string>(keys: readonly S[]) {
  const message = listMessages.sortInvalid(keys);
  return z.preprocess(
    skipBlank,
    z
      .string({ error: message })
      .trim()
      .optional()
      .transform((value, ctx): ListSort<S> | undefined => {
        if (value === undefined) return undefined;
        const sort = parseSortParam(value, keys);
        if (sort) return sort;
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }),
  );
}

/** `?sort=` of a list allowing `keys`, `fallback` when absent or blank; anything else is refused. */
export function sortField<S extends string>(keys: readonly S[], fallback: SortParam<S>) {
  const defaultSort = parseSortParam(fallback, keys);
  if (!defaultSort) throw new Error(`Tri par défaut inconnu : ${fallback}`);
  return optionalSortField(keys).transform((sort): ListSort<S> => sort ?? defaultSort);
}

/** `?search=`: trimmed, '' for none. */
export function searchField(max = LIST_SEARCH_MAX, message: string = listMessages.searchInvalid) {
  return z.preprocess(skipBlank, z.string({ error: message }).trim().max(max, message).default(''));
}

/**
 * The four fields every server list reads; spread them in the list's `z.object({...})` with
 * its filters. `perPage` is the screen's page size when the query names none.
 */
export function listQueryFields<S extends string>(options: {
  sorts: readonly S[];
  defaultSort: SortParam<S>;
  perPage: number;
  messages?: Partial<{ pageInvalid: string; perPageInvalid: string; searchInvalid: string }>;
}) {
  const messages = { ...listMessages, ...options.messages };
  return {
    page: z.preprocess(skipBlank, wholeNumber(messages.pageInvalid, 1, 1_000_000).default(1)),
    per_page: z.preprocess(
      skipBlank,
      wholeNumber(messages.perPageInvalid, 1, LIST_PER_PAGE_MAX).default(options.perPage),
    ),
    search: searchField(LIST_SEARCH_MAX, messages.searchInvalid),
    sort: sortField(options.sorts, options.defaultSort),
  };
}

/** What `listQueryFields` reads, as the server's `listPage` takes it. */
export interface ListPageQuery<S extends string = string> {
  page: number;
  per_page: number;
  search: string;
  sort: ListSort<S>;
}
