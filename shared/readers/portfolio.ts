import type { ProjectDetail, ProjectSummary } from '#shared/types';

/**
 * What portfolio page loaders may read on the server (part of PageContext). Implemented by
 * server/ssr/readers/portfolio.ts.
 */
export interface PortfolioReader {
  /** Every project, most recent first (the portfolio filters and pages them itself). */
  portfolioProjects(): Promise<ProjectSummary[]>;
  /** One project with its texts and both image lists; null when no project has this id. */
  projectDetail(id: number): Promise<ProjectDetail | null>;
}
