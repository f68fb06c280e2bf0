import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  Link,
  NavLink,
  Outlet,
  StaticRouterProvider,
  useLoaderData,
  useMatches,
  useParams,
  useRouteError,
  type RouteObject,
} from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { matchedBranch } from '#client/lib/matched-branch';

/**
 * The server renders with only the matched branch of the route table (docs/bench/2026-11-27-cache-miss-rounds.md,
 * "Misses, fourth round"): the markup must be the one the whole table gives, for every
 * kind of route the site has (layouts, index, parameters, ids, a splat, loader data, an
 * error boundary, a redirect-free miss) and what the pages read from the router (matches,
 * params, active links, relative links).
 */
function Layout() {
  const matches = useMatches();
  return (
    <div>
      <nav>
        <NavLink to="/">Accueil</NavLink>
        <NavLink to="/products">Catalogue</NavLink>
        <NavLink to="/legal/terms">Conditions</NavLink>
      </nav>
      <p>{matches.map((m) => `${m.id}:${m.pathname}`).join(' ')}</p>
      <Outlet />
    </div>
  );
}

function Page({ name }: { name: string }) {
  const data = useLoaderData<{ value: string } | undefined>();
  const params = useParams();
  return (
    <main>
      <h1>{name}</h1>
      <p>{data?.value}</p>
      <p>{JSON.stringify(params)}</p>
      <Link to="..">Retour</Link>
      <Link to="suite" relative="path">
        Suite
      </Link>
    </main>
  );
}

function Failure() {
  const error = useRouteError() as Error;
  return <p role="alert">{error.message}</p>;
}

const table = (): RouteObject[] => [
  {
    id: 'site',
    path: '/',
    Component: Layout,
    ErrorBoundary: Failure,
    children: [
      { index: true, Component: () => <Page name="accueil" />, loader: () => ({ value: 'a' }) },
      { path: 'products', Component: () => <Page name="catalogue" />, loader: () => ({ value: 'c' }) },
      {
        path: 'products/:productId',
        Component: () => <Page name="produit" />,
        loader: ({ params }) => ({ value: `p${params.productId}` }),
      },
      {
        path: 'projects/:projectId',
        Component: () => <Page name="projet" />,
        loader: () => {
          throw new Error('base indisponible');
        },
      },
      { path: 'privacy', id: 'legal-privacy', Component: () => <Page name="confidentialité" /> },
      { path: 'legal/:pageType', id: 'legal-other', Component: () => <Page name="légal" /> },
      { path: '*', Component: () => <Page name="introuvable" /> },
    ],
  },
  {
    id: 'admin',
    path: '/admin',
    Component: Outlet,
    children: [
      { index: true, Component: () => <Page name="admin" /> },
      { path: 'products/edit/:productId', Component: () => <Page name="édition" /> },
    ],
  },
];

async function renderBoth(url: string): Promise<{ whole: string; branch: string; routes: number }> {
  const handler = createStaticHandler(table());
  const context = await handler.query(new Request(new URL(url, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${url} : réponse ${context.status}`);
  const render = (routes: typeof handler.dataRoutes) =>
    renderToString(
      <StaticRouterProvider router={createStaticRouter(routes, context)} context={context} hydrate={false} />,
    );
  const branch = matchedBranch(handler.dataRoutes, context.matches);
  let routes = 0;
  for (let level = branch; level.length; level = level[0]!.children ?? []) routes += level.length;
  return { whole: render(handler.dataRoutes), branch: render(branch), routes };
}

describe('matchedBranch', () => {
  it.each([
    '/',
    '/products?q=ciment',
    '/products/42',
    '/projects/7',
    '/privacy',
    '/legal/terms',
    '/nulle-part/ici',
    '/admin',
    '/admin/products/edit/3',
  ])('renders %s exactly as the whole route table does, from its branch alone', async (url) => {
    const { whole, branch, routes } = await renderBoth(url);
    expect(branch).toBe(whole);
    expect(routes).toBe(2);
  });

  it('still renders the page of a loader that failed, with the error boundary', async () => {
    const { branch } = await renderBoth('/projects/7');
    expect(branch).toContain('base indisponible');
  });
});
