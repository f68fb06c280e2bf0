import { data } from 'react-router-dom';
import type { RouteHandle } from '../lib/page-meta';
import { paths } from '../lib/paths';

/** Any unknown path: 'Page introuvable' inside the layout, with a real 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

export const handle: RouteHandle = {
  meta: () => ({ title: 'Page introuvable', description: 'La page demandée n’existe pas.', noindex: true }),
};

export function Component() {
  return (
    <section className="container not-found">
      <h1>Page introuvable</h1>
      <p>La page que vous cherchez n’existe pas ou a été déplacée.</p>
      <a className="btn btn-primary" href={paths.home}>
        Retour à l’accueil
      </a>
    </section>
  );
}
