import { useLocation } from 'react-router-dom';
import { paths } from '#shared/paths';

/** Header menu of product rules, Pages and routes, in its order. */
const MENU = [
  { to: paths.home, label: 'Accueil', end: true },
  { to: paths.about, label: 'NOUS' },
  { to: paths.services, label: 'Services' },
  { to: paths.offers, label: 'Offres' },
  { to: paths.projects, label: 'Portfolio' },
  { to: paths.products, label: 'Catalogue produits' },
  { to: paths.promotions, label: 'Promotions' },
  { to: paths.submitProject, label: 'Soumettre un projet' },
  { to: paths.contact, label: 'Contact' },
] as const;

/**
 * Fixed header. Below the extra-large breakpoint the menu is a <details> disclosure, so it
 * opens and closes without any script; every link loads a new document (the current page's
 * own link too: a same-URL click reloads it), which closes it. No island needed.
 * Links are plain anchors: public pages are documents, not a client app. The current
 * section gets aria-current="page" (and the class `active`, as React Router's NavLink gave
 * it), nested paths included (/products/12 highlights 'Catalogue produits'); only 'Accueil'
 * needs an exact match. Written out rather than NavLink, which resolved and encoded each
 * of the eighteen links through a URL object on every render: 0.4 ms of every cache miss
 * (decision 0023).
 */
export function SiteHeader({ siteName }: { siteName: string }) {
  // Routes match whatever the case, as NavLink did.
  const pathname = useLocation().pathname.toLowerCase();
  const links = MENU.map((item) => {
    const current = pathname === item.to || (!('end' in item) && pathname.startsWith(`${item.to}/`));
    return (
      <li key={item.to}>
        <a
          href={item.to}
          className={current ? 'nav-link active' : 'nav-link'}
          aria-current={current ? 'page' : undefined}
        >
          {item.label}
        </a>
      </li>
    );
  });
  return (
    <header className="site-header">
      <div className="container header-bar">
        <a href={paths.home} className="brand">
          {/* Low priority: React would otherwise preload it, ahead of the page's LCP image (decision 0029). */}
          <img src="/favicon.svg" alt="" width="32" height="32" fetchPriority="low" />
          <span>{siteName}</span>
        </a>
        <nav aria-label="Menu principal" className="nav-desktop">
          <ul>{links}</ul>
        </nav>
        {/* The staff's way in: a quiet link, never the loudest action of a visitor's page. */}
        <a href={paths.login} className="login-link">
          Connexion
        </a>
        <details className="nav-mobile">
          {/* The visible word is the accessible name; the disclosure announces open/closed. */}
          <summary>
            <span className="burger" aria-hidden="true" />
            Menu
          </summary>
          <nav aria-label="Menu mobile" className="nav-mobile-panel">
            <ul>{links}</ul>
            <a href={paths.login} className="login-link">
              Connexion
            </a>
          </nav>
        </details>
      </div>
    </header>
  );
}
