import { data } from 'react-router-dom';
import type { RouteHandle } from '#shared/page-meta';
import { paths } from '#shared/paths';

/** Any unknown path: 'Page introuvable' inside the layout, with a real 404 status. */
export function loader() {
  return data(null, { status: 404 });
}

export const handle: RouteHandle = {
  styles: ['static-pages'],
  meta: ({ site }) => ({
    title: `Page introuvable — ${site.name}`,
    description: 'La page demandée n’existe pas.',
    noindex: true,
  }),
};

/** Where a lost visitor most likely wanted to go. */
const SUGGESTIONS = [
  { href: paths.services, label: 'Nos services' },
  { href: paths.products, label: 'Catalogue produits' },
  { href: paths.projects, label: 'Nos réalisations' },
  { href: paths.contact, label: 'Contact' },
];

export function Component() {
  return (
    <section className="container not-found" aria-labelledby="not-found-title">
      <p className="not-found-code" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title">Page introuvable</h1>
      <p>
        La page que vous cherchez n’existe pas ou a été déplacée. Vérifiez l’adresse ou poursuivez votre
        visite :
      </p>
      <ul className="hero-actions">
        {SUGGESTIONS.map((link) => (
          <li key={link.href}>
            <a href={link.href}>{link.label}</a>
          </li>
        ))}
      </ul>
      <a className="btn btn-primary" href={paths.home}>
        Retour à l’accueil
      </a>
    </section>
  );
}
