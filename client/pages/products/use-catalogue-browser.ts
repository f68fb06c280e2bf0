import { useEffect, useRef, useState } from 'react';
import type { ProductSummary } from '#shared/types';
import { api } from '#client/lib/api-client';
import {
  CATALOGUE_PAGE_SIZE,
  toCatalogueItem,
  type CatalogueItem,
  type CataloguePage,
} from '#shared/readers/catalogue';
import { catalogueHref, matches, type CatalogueState } from './catalogue-query';
import type { PageInfo } from '#shared/paged';

/** GET /api/products with `page` (server/features/products/product-paging.ts). */
interface PagedAnswer {
  data: ProductSummary[];
  meta: PageInfo;
}

/** Typing is answered at once from what is in hand; the server is asked once typing pauses. */
const SEARCH_DELAY_MS = 200;

/** What the grid shows: pages `from` to `page` of the current filter. */
export interface CatalogueView extends CataloguePage {
  from: number;
}

const unfiltered = (state: CatalogueState) => !state.search.trim() && state.categoryId === null;

async function fetchPage(state: CatalogueState, page: number, signal: AbortSignal): Promise<CataloguePage> {
  const params = new URLSearchParams({ page: String(page), per_page: String(CATALOGUE_PAGE_SIZE) });
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.categoryId !== null) params.set('category_id', String(state.categoryId));
  const answer = await api<PagedAnswer>(`/products?${params}`, { signal });
  return {
    items: answer.data.map(toCatalogueItem),
    total: answer.meta.total,
    page: answer.meta.current_page,
    lastPage: answer.meta.last_page,
  };
}

/** Product rules, Messages and errors: a failure to load products is only logged; the list keeps what it shows. */
function logFailure(error: unknown): void {
  console.error('Impossible de charger les produits :', error);
}

/**
 * The catalogue island's state: the filter (kept in the URL), the products shown, and the
 * loading of further pages. While the whole catalogue is in hand (a small catalogue fits in
 * the first page), filtering is purely local; otherwise the server answers each filter,
 * and what is already in hand is filtered meanwhile so that typing is answered at once.
 */
export function useCatalogueBrowser(initialState: CatalogueState, initial: CataloguePage) {
  const [state, setState] = useState<CatalogueState>({
    search: initialState.search,
    categoryId: initialState.categoryId,
  });
  const [view, setView] = useState<CatalogueView>({ ...initial, from: initial.page });
  const [pending, setPending] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const everything = useRef<CatalogueItem[] | null>(
    unfiltered(initialState) && initial.page === 1 && initial.lastPage === 1 ? initial.items : null,
  );
  const seen = useRef(new Map(initial.items.map((item) => [item.id, item])));
  const moreRequest = useRef<AbortController | null>(null);
  const mounted = useRef(false);

  const remember = (items: CatalogueItem[]) => items.forEach((item) => seen.current.set(item.id, item));

  useEffect(() => {
    // The first run is the server's own state: nothing to change, the URL keeps its page.
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    history.replaceState(history.state, '', catalogueHref(state));
    moreRequest.current?.abort();
    setLoadingMore(false);

    const inHand = everything.current ?? [...seen.current.values()];
    const items = inHand.filter((item) => matches(item, state));
    setView({ items, total: items.length, page: 1, lastPage: 1, from: 1 });
    setPending(everything.current === null);
    if (everything.current) return;

    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const page = await fetchPage(state, 1, controller.signal);
        remember(page.items);
        if (unfiltered(state) && page.lastPage === 1) everything.current = page.items;
        setView({ ...page, from: 1 });
      } catch (error) {
        if (controller.signal.aborted) return;
        logFailure(error);
      }
      setPending(false);
    }, SEARCH_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [state]);

  /** Appends the next page; answers the index of its first product, or null if none came. */
  async function loadMore(): Promise<number | null> {
    if (loadingMore || pending || view.page >= view.lastPage) return null;
    const controller = new AbortController();
    moreRequest.current = controller;
    setLoadingMore(true);
    try {
      const next = await fetchPage(state, view.page + 1, controller.signal);
      // The filter changed meanwhile: this page belongs to a list no longer shown.
      if (controller.signal.aborted) return null;
      remember(next.items);
      const known = new Set(view.items.map((item) => item.id));
      const items = [...view.items, ...next.items.filter((item) => !known.has(item.id))];
      if (unfiltered(state) && view.from === 1 && next.page >= next.lastPage) everything.current = items;
      setView({ items, total: next.total, page: next.page, lastPage: next.lastPage, from: view.from });
      return next.items.length > 0 ? view.items.length : null;
    } catch (error) {
      if (!controller.signal.aborted) logFailure(error);
      return null;
    } finally {
      if (moreRequest.current === controller) setLoadingMore(false);
    }
  }

  return {
    state,
    setSearch: (search: string) => setState((s) => (s.search === search ? s : { ...s, search })),
    setCategory: (categoryId: number | null) =>
      setState((s) => (s.categoryId === categoryId ? s : { ...s, categoryId })),
    view,
    pending,
    loadingMore,
    loadMore,
  };
}
