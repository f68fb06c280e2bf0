import type { ProjectSummary } from '#shared/types';
import type { ProjectCardData } from '#client/components/project-card';
import { paths } from '#shared/paths';

/**
 * The portfolio's filter and paging (product rules, Pages and routes), shared by the server
 * loader (pills as links, `?categorie=` and `?page=`) and the filter island, so both
 * always show the same cards for the same URL.
 */

/**
 * About the first screenful (three rows of three on a desktop): the first HTML response
 * stays small on a large catalogue; the visitor asks for more.
 */
export const PORTFOLIO_PAGE_SIZE = 9;
/** Query parameters of the portfolio URL. */
export const CATEGORY_PARAM = 'categorie';
export const PAGE_PARAM = 'page';
/** A page number beyond this is read as this: a URL cannot ask for an unbounded render. */
const MAX_PAGE = 50;

export function toProjectCardData({
  id,
  title,
  description,
  categories,
  main_image,
}: ProjectSummary): ProjectCardData {
  return { id, title, description, categories, main_image };
}

/** The distinct categories of the projects, sorted the French way ('Tous' is added by the page). */
export function distinctCategories(projects: readonly Pick<ProjectSummary, 'categories'>[]): string[] {
  const names = new Set(
    projects.flatMap((project) => project.categories.filter((name) => name.trim() !== '')),
  );
  return [...names].sort((a, b) => a.localeCompare(b, 'fr'));
}

/** A project belongs to every category it lists; null means 'Tous'. */
export function filterProjects<P extends Pick<ProjectSummary, 'categories'>>(
  projects: readonly P[],
  category: string | null,
): P[] {
  return category === null
    ? [...projects]
    : projects.filter((project) => project.categories.includes(category));
}

export interface PortfolioQuery {
  category: string | null;
  page: number;
}

/** Reads `?categorie=` (empty means all) and `?page=` (1 unless a whole number from 1). */
export function readPortfolioQuery(search: URLSearchParams): PortfolioQuery {
  const category = search.get(CATEGORY_PARAM)?.trim() || null;
  const raw = search.get(PAGE_PARAM) ?? '';
  const page = /^\d{1,3}$/.test(raw) ? Math.min(Math.max(Number(raw), 1), MAX_PAGE) : 1;
  return { category, page };
}

/** The portfolio URL of a filter and page, without the parameters that are at their default. */
export function portfolioHref({ category, page }: PortfolioQuery): string {
  const search = new URLSearchParams();
  if (category !== null) search.set(CATEGORY_PARAM, category);
  if (page > 1) search.set(PAGE_PARAM, String(page));
  const query = search.toString();
  return query ? `${paths.projects}?${query}` : paths.projects;
}
