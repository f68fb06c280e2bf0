import { data, redirect, useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { SiteSettings } from '#shared/site-settings';
import type { RouteHandle } from '#shared/page-meta';
import { paths } from '#shared/paths';
import { LEGAL_PAGES, LEGAL_UPDATED, resolveLegalPage, type LegalText, type LegalType } from './legal-types';
import { legalNoticesSections } from './texts/legal-notices';
import { privacySections } from './texts/privacy';
import { termsSections } from './texts/terms';

const TEXTS: Record<LegalType, LegalText> = {
  privacy: privacySections,
  terms: termsSections,
  legal: legalNoticesSections,
};

/** One page for the three legal texts, selected by the route (product rules, Pages and routes). */
export function loader({ request, params }: LoaderFunctionArgs) {
  const resolved = resolveLegalPage(new URL(request.url).pathname, params.pageType);
  if (resolved.kind === 'redirect') throw redirect(resolved.to, 301);
  if (resolved.kind === 'unknown') return data({ type: null }, { status: 404 });
  return { type: resolved.type as LegalType | null };
}

export const handle: RouteHandle<{ type: LegalType | null }> = {
  styles: ['static-pages'],
  meta: ({ site, data: { type } }) =>
    type
      ? {
          title: `${LEGAL_PAGES[type].title} — ${site.name}`,
          description: `${LEGAL_PAGES[type].title} du site de ${site.name}, entreprise de construction et d’immobilier à Cotonou.`,
        }
      : { title: `Page légale — ${site.name}`, description: "Cette page n'existe pas.", noindex: true },
};

export function Component() {
  const { type } = useLoaderData<typeof loader>();
  const { site } = useRouteLoaderData('site') as { site: SiteSettings };
  if (!type) {
    return (
      <section className="container not-found">
        <h1>Page légale</h1>
        <p>Cette page n'existe pas.</p>
        <p className="hero-actions">
          {Object.values(LEGAL_PAGES).map((page) => (
            <a key={page.path} className="btn btn-outline" href={page.path}>
              {page.title}
            </a>
          ))}
        </p>
      </section>
    );
  }
  const sections = TEXTS[type](site);
  return (
    <article className="section container prose legal" aria-labelledby="legal-title">
      <h1 id="legal-title">{LEGAL_PAGES[type].title}</h1>
      <p className="muted">Dernière mise à jour : {LEGAL_UPDATED}</p>
      <nav aria-label="Sommaire" className="note toc">
        <h2>Sommaire</h2>
        <ol>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((section, index) => (
        <section key={section.id} aria-labelledby={section.id}>
          <h2 id={section.id}>
            {index + 1}. {section.title}
          </h2>
          {section.body}
        </section>
      ))}
      <p className="muted">
        Une question ? Écrivez-nous depuis la page <a href={paths.contact}>Contact</a>.
      </p>
    </article>
  );
}
