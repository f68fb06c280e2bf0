import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import CatalogueBrowser from '#client/islands/catalogue-browser';
import { pageContext } from '#shared/page-context';
import type { RouteHandle } from '#shared/page-meta';
import { CATALOGUE_PAGE_SIZE, type CatalogueQuery } from '#shared/readers/catalogue';
import { DETAILS_DIALOG_ID, DETAILS_SCRIPT } from '#shared/details-at-once';
import { readCatalogueState } from './catalogue-query';

/**
 * /products (product rules, Pages and routes and Validation). The server renders the first screenful for the URL's
 * filter (`?search=...&category=<id>&page=<n>`); the island loads the rest on demand, so a
 * catalogue of hundreds of products keeps the first response small (product rules, Public site).
 */
export async function loader(args: LoaderFunctionArgs) {
  const context = pageContext(args);
  const asked = readCatalogueState(new URL(args.request.url).searchParams);
  const categories = await context.catalogueCategories();
  // An unknown category (deleted since the link was made) shows every product.
  const categoryId = categories.some((c) => c.id === asked.categoryId) ? asked.categoryId : null;
  const query: CatalogueQuery = { search: asked.search || undefined, categoryId: categoryId ?? undefined };
  let page = await context.cataloguePage(query, asked.page, CATALOGUE_PAGE_SIZE);
  if (page.items.length === 0 && page.total > 0)
    page = await context.cataloguePage(query, page.lastPage, CATALOGUE_PAGE_SIZE);
  return { categories, page, search: asked.search, categoryId };
}

export const handle: RouteHandle<Awaited<ReturnType<typeof loader>>> = {
  styles: ['catalogue'],
  meta: ({ site, data }) => ({
    title: `Catalogue produits — ${site.name}`,
    description:
      'Matériaux de construction, quincaillerie, sanitaire, mobilier et décoration à Cotonou : consultez nos prix en F CFA et commandez via WhatsApp.',
    image: data.page.items.find((item) => item.image)?.image ?? null,
  }),
};

export function Component() {
  const { categories, page, search, categoryId } = useLoaderData<typeof loader>();
  return (
    <>
      <section className="hero catalogue-hero">
        <div className="container">
          <h1>Catalogue produits</h1>
          <p className="hero-lead">
            Matériaux de construction, mobilier et décoration : trouvez ce qu’il faut pour votre chantier et
            commandez en un message WhatsApp.
          </p>
        </div>
      </section>
      <section className="section container" aria-labelledby="catalogue-products">
        {/* The cards' titles are h3: the outline needs this level between them and the h1. */}
        <h2 id="catalogue-products" className="visually-hidden">
          Produits
        </h2>
        <CatalogueBrowser categories={categories} initial={page} search={search} categoryId={categoryId} />
      </section>
      {/* 'Détails' before the island's script has come (docs/decisions/0047-details-before-the-island.md):
          one empty window, filled from the tapped card by the inline script after it. */}
      <dialog
        id={DETAILS_DIALOG_ID}
        className="product-dialog"
        aria-labelledby={`${DETAILS_DIALOG_ID}-titre`}
      >
        <div />
        <form method="dialog" className="hero-actions">
          <a className="btn btn-outline">Voir la fiche produit</a>
          <button type="submit" className="btn btn-outline">
            Fermer
          </button>
        </form>
      </dialog>
      <script dangerouslySetInnerHTML={{ __html: DETAILS_SCRIPT }} />
    </>
  );
}
