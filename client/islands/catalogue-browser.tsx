import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { ProductCard } from '#client/components/product-card';
import { ProductDialog } from '#client/components/product-dialog';
import { plainClick } from '#client/lib/first-use';
import { island } from '#client/lib/island';
import {
  CATALOGUE_PAGE_SIZE,
  type CatalogueCategory,
  type CatalogueItem,
  type CataloguePage,
} from '#shared/readers/catalogue';
import { DETAILS_DIALOG_ID } from '#shared/details-dialog-id';
import { paths } from '#shared/paths';
import { catalogueHref } from '#client/pages/products/catalogue-query';
import { useCatalogueBrowser } from '#client/pages/products/use-catalogue-browser';
import { countOf } from '#shared/plural';

interface CatalogueBrowserProps {
  categories: CatalogueCategory[];
  /** The page of products the server rendered. */
  initial: CataloguePage;
  search: string;
  categoryId: number | null;
}

const countLabel = (n: number) => countOf(n, 'produit');

/**
 * Where a search or a category choice lands: the results, not the top of the page. On a
 * phone the title, search box and categories fill the first screen, so the results would
 * start below it and nothing would seem to happen. Without script the fragment scrolls.
 */
const RESULTS_ID = 'resultats';

/**
 * The catalogue (product rules, Pages and routes and Validation): search box, categories, cards, 'Détails' modal
 * and further pages. The server HTML works alone: a GET form, category links, 'Détails'
 * and 'Voir plus de produits' links. Once hydrated, filtering is instant and keeps the URL
 * in step, 'Détails' opens a modal, and further products load without leaving the page.
 */
function CatalogueBrowser({ categories, initial, search, categoryId }: CatalogueBrowserProps) {
  const browser = useCatalogueBrowser({ search, categoryId }, initial);
  const { state, view, pending } = browser;
  const [hydrated, setHydrated] = useState(false);
  const [selected, setSelected] = useState<CatalogueItem | null>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const grid = useRef<HTMLDivElement>(null);
  const results = useRef<HTMLDivElement>(null);
  const searchId = useId();
  const showResults = () => results.current?.scrollIntoView({ block: 'start' });

  useEffect(() => setHydrated(true), []);

  // After 'Voir plus de produits', focus goes to the first new card's 'Détails'.
  useEffect(() => {
    if (focusFrom === null) return;
    grid.current?.querySelectorAll<HTMLElement>('.card-action')[focusFrom]?.focus();
    setFocusFrom(null);
  }, [focusFrom, view.items]);

  const chooseCategory = (id: number | null) => (event: MouseEvent) => {
    if (!hydrated || !plainClick(event)) return;
    event.preventDefault();
    browser.setCategory(id);
    showResults();
  };

  const openDetails = (item: CatalogueItem, button: HTMLButtonElement) => {
    // The window opened before the island (a tap replayed by first-use.ts) gives way to this one.
    document.querySelector<HTMLDialogElement>(`#${DETAILS_DIALOG_ID}[open]`)?.close();
    opener.current = button;
    setSelected(item);
  };

  const closeDetails = () => {
    setSelected(null);
    opener.current?.focus();
  };

  const status =
    pending && view.items.length === 0
      ? 'Recherche en cours…'
      : view.total === 0
        ? null
        : countLabel(view.total);
  const nextHref = catalogueHref({ ...state, page: view.page + 1 });

  return (
    <>
      <form
        role="search"
        className="catalogue-search"
        action={`${paths.products}#${RESULTS_ID}`}
        method="get"
        onSubmit={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          showResults();
        }}
      >
        <label htmlFor={searchId} className="visually-hidden">
          Rechercher un produit
        </label>
        <input
          id={searchId}
          type="search"
          name="search"
          placeholder="Rechercher un produit..."
          maxLength={100}
          autoComplete="off"
          value={state.search}
          onChange={(event) => browser.setSearch(event.target.value)}
        />
        {state.categoryId !== null && <input type="hidden" name="category" value={state.categoryId} />}
        <button type="submit" className="btn btn-primary">
          Rechercher
        </button>
      </form>

      <div className="catalogue">
        <nav aria-label="Catégories de produits">
          <ul className="catalogue-categories">
            {[{ id: null, name: 'Tous les produits' }, ...categories].map((category) => (
              <li key={category.id ?? 'all'}>
                <a
                  href={`${catalogueHref({ search: state.search, categoryId: category.id })}#${RESULTS_ID}`}
                  aria-current={state.categoryId === category.id ? 'true' : undefined}
                  onClick={chooseCategory(category.id)}
                >
                  {category.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>

        <div className="catalogue-results" id={RESULTS_ID} ref={results} aria-busy={pending}>
          <p className="muted" role="status">
            {status}
          </p>
          {view.items.length === 0 && !pending ? (
            <p className="empty">
              {/* Without a search or a category, none at all: a new site's catalogue. */}
              {state.search.trim() || state.categoryId !== null
                ? 'Aucun produit ne correspond à votre recherche.'
                : 'Aucun produit disponible pour le moment.'}
            </p>
          ) : (
            <div className="card-grid" ref={grid}>
              {view.items.map((item, index) => (
                <ProductCard
                  key={item.id}
                  item={item}
                  index={index % CATALOGUE_PAGE_SIZE}
                  priority={index === 0 && view.from === initial.page}
                  onDetails={hydrated ? openDetails : undefined}
                />
              ))}
            </div>
          )}
          {view.page < view.lastPage && !pending && (
            <p className="section-more">
              {hydrated ? (
                <button
                  type="button"
                  className="btn btn-outline"
                  aria-disabled={browser.loadingMore}
                  onClick={async () => setFocusFrom(await browser.loadMore())}
                >
                  {browser.loadingMore ? 'Chargement…' : 'Voir plus de produits'}
                </button>
              ) : (
                <a className="btn btn-outline" href={nextHref}>
                  Voir plus de produits
                </a>
              )}
            </p>
          )}
        </div>
      </div>

      <ProductDialog product={selected} onClose={closeDetails} />
    </>
  );
}

// Most visitors read the list: React and the island's code wait for a search, a category
// or a 'Détails' (decision 0023).
export default island('catalogue-browser', CatalogueBrowser, { hydrate: 'first-use' });
