import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { ProjectSummary } from '#shared/types';
import { ProjectCard, type ProjectCardData } from '#client/components/project-card';
import { api } from '#client/lib/api-client';
import { island } from '#client/lib/island';
import { countOf } from '#shared/plural';
import {
  filterProjects,
  PORTFOLIO_PAGE_SIZE,
  portfolioHref,
  readPortfolioQuery,
  toProjectCardData,
  type PortfolioQuery,
} from '#client/pages/projects/portfolio-filtering';

interface PortfolioFilterProps {
  /** Sorted distinct categories of every project ('Tous' comes first, added here). */
  categories: string[];
  /** The filter and page of the URL the server rendered. */
  query: PortfolioQuery;
  /** Every project when `complete`; otherwise only the cards the server rendered. */
  projects: ProjectCardData[];
  /** How many projects match the server's filter. */
  total: number;
  complete: boolean;
}

/** A click the browser should handle itself (new tab, download...). */
function isModified(event: MouseEvent): boolean {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}

/** Without a filter, none at all: a new site's portfolio (docs/product-rules.md, "Demo content"). */
function emptyLabel(category: string | null): string {
  return category === null
    ? 'Aucun projet à présenter pour le moment.'
    : 'Aucun projet ne correspond à ce filtre.';
}

function countLabel(shown: number, total: number, category: string | null): string {
  if (total === 0) return emptyLabel(category);
  return `${countOf(shown, 'projet affiché', 'projets affichés')} sur ${total}.`;
}

/**
 * Portfolio filter pills and cards (product rules, Pages and routes). The server renders the
 * pills as `?categorie=` links and the first cards, so the page works without script.
 * Here the pills filter at once and keep the URL in step (back and forward included).
 * On a large catalogue the props hold only the first cards: the whole list is fetched
 * from the public API when the visitor shows intent (pointer or focus on the filter).
 * Hydrated on first use (decision 0029): until a pill or 'Voir plus de projets' is touched,
 * focused or clicked, the links work as they are and no React runs; a click made before
 * is held back and replayed on the same control (client/lib/first-use.ts). The cards'
 * links go to the browser at once.
 */
function PortfolioFilter({
  categories,
  query: initialQuery,
  projects,
  total,
  complete,
}: PortfolioFilterProps) {
  const [query, setQuery] = useState(initialQuery);
  const [catalogue, setCatalogue] = useState<ProjectCardData[] | null>(complete ? projects : null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [focusCard, setFocusCard] = useState<number | null>(null);
  const loading = useRef<Promise<ProjectCardData[]> | null>(null);
  const grid = useRef<HTMLDivElement>(null);

  const matching = catalogue ? filterProjects(catalogue, query.category) : null;
  const cards = matching ? matching.slice(0, query.page * PORTFOLIO_PAGE_SIZE) : projects;
  const matchingCount = matching ? matching.length : total;

  function loadCatalogue(): Promise<ProjectCardData[]> {
    if (catalogue) return Promise.resolve(catalogue);
    loading.current ??= api<{ data: ProjectSummary[] } | ProjectSummary[]>('/projects').then((answer) => {
      const list = (Array.isArray(answer) ? answer : answer.data).map(toProjectCardData);
      setCatalogue(list);
      return list;
    });
    // A failed fetch may be retried by the next gesture.
    loading.current.catch(() => (loading.current = null));
    return loading.current;
  }

  /** Shows a filter and page; falls back to loading the URL if the list cannot be fetched. */
  async function show(next: PortfolioQuery, history: 'push' | 'replace' | 'none') {
    const href = portfolioHref(next);
    setBusy(true);
    try {
      const list = await loadCatalogue();
      const found = filterProjects(list, next.category);
      setQuery(next);
      setStatus(
        countLabel(Math.min(found.length, next.page * PORTFOLIO_PAGE_SIZE), found.length, next.category),
      );
      if (history === 'push') window.history.pushState(null, '', href);
      if (history === 'replace') window.history.replaceState(null, '', href);
    } catch {
      window.location.assign(href);
    } finally {
      setBusy(false);
    }
  }

  useEffect(() => {
    const onPopState = () =>
      void show(readPortfolioQuery(new URLSearchParams(window.location.search)), 'none');
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  });

  // After 'Voir plus de projets', focus moves to the first new card's link.
  useEffect(() => {
    if (focusCard === null) return;
    grid.current?.children[focusCard]?.querySelector('a')?.focus();
    setFocusCard(null);
  }, [focusCard]);

  function onPill(event: MouseEvent, category: string | null) {
    if (isModified(event)) return;
    event.preventDefault();
    if (category === query.category && query.page === 1) return;
    void show({ category, page: 1 }, 'push');
  }

  async function onMore(event: MouseEvent) {
    if (isModified(event)) return;
    event.preventDefault();
    const firstNew = cards.length;
    await show({ ...query, page: query.page + 1 }, 'replace');
    setFocusCard(firstNew);
  }

  const pills: { label: string; category: string | null }[] = [
    { label: 'Tous', category: null },
    ...categories.map((category) => ({ label: category, category })),
  ];
  const prefetch = complete ? undefined : () => void loadCatalogue().catch(() => undefined);

  return (
    <div onPointerOver={prefetch} onFocus={prefetch}>
      <nav aria-label="Filtrer les projets par catégorie">
        <ul className="pills">
          {pills.map(({ label, category }) => (
            <li key={label}>
              <a
                className="pill"
                href={portfolioHref({ category, page: 1 })}
                aria-current={category === query.category ? 'true' : undefined}
                onClick={(event) => onPill(event, category)}
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
      {cards.length === 0 ? (
        <p className="empty">{emptyLabel(query.category)}</p>
      ) : (
        <div className="card-grid" ref={grid} aria-busy={busy || undefined}>
          {cards.map((project, index) => (
            <ProjectCard
              key={project.id}
              project={project}
              linkLabel="Voir les détails"
              index={index % PORTFOLIO_PAGE_SIZE}
              headingLevel={2}
              priority={index === 0}
            />
          ))}
        </div>
      )}
      {cards.length < matchingCount && (
        <p className="section-more">
          <a
            className="btn btn-outline"
            href={portfolioHref({ ...query, page: query.page + 1 })}
            onClick={onMore}
          >
            Voir plus de projets
          </a>
        </p>
      )}
    </div>
  );
}

export default island('portfolio-filter', PortfolioFilter, { hydrate: 'first-use' });
