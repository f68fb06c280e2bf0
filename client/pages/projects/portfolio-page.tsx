import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import PortfolioFilter from '#client/islands/portfolio-filter';
import { pageContext } from '#shared/page-context';
import type { RouteHandle } from '#shared/page-meta';
import {
  distinctCategories,
  filterProjects,
  PORTFOLIO_PAGE_SIZE,
  readPortfolioQuery,
  toProjectCardData,
} from './portfolio-filtering';

/**
 * Product rules, Pages and routes. The loader filters by `?categorie=` and pages by `?page=`
 * so that pills and 'Voir plus de projets' are plain links without script. A small
 * catalogue travels whole to the island (instant filtering with no request); a large one
 * only as the cards of this URL, to keep the first response light.
 */
export async function loader(args: LoaderFunctionArgs) {
  const query = readPortfolioQuery(new URL(args.request.url).searchParams);
  const all = await pageContext(args).portfolioProjects();
  const matching = filterProjects(all, query.category);
  const complete = all.length <= PORTFOLIO_PAGE_SIZE;
  const shown = complete ? all : matching.slice(0, query.page * PORTFOLIO_PAGE_SIZE);
  return {
    categories: distinctCategories(all),
    query,
    projects: shown.map(toProjectCardData),
    total: matching.length,
    complete,
    image: matching[0]?.main_image ?? all[0]?.main_image ?? null,
  };
}

export const handle: RouteHandle<Awaited<ReturnType<typeof loader>>> = {
  styles: ['portfolio'],
  meta: ({ site, data }) => ({
    title: data.query.category
      ? `Nos réalisations : ${data.query.category} — ${site.name}`
      : `Nos réalisations — ${site.name}`,
    description:
      'Villas, immeubles, clôtures et aménagements réalisés à Cotonou et au Bénin : découvrez nos projets, rendus 3D et photos de chantier.',
    image: data.image,
  }),
};

export function Component() {
  const { categories, query, projects, total, complete } = useLoaderData<typeof loader>();
  return (
    <section className="section container" aria-labelledby="portfolio-title">
      <h1 id="portfolio-title">Nos réalisations</h1>
      <p className="lead">
        De la conception 3D à la remise des clés : maisons, immeubles, clôtures et aménagements menés par nos
        équipes.
      </p>
      <PortfolioFilter
        categories={categories}
        query={query}
        projects={projects}
        total={total}
        complete={complete}
      />
    </section>
  );
}
