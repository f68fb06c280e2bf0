import type { ContactDraft } from '#shared/contact-message-rules';
import type { SiteSettings } from '#shared/site-settings';
import type { ProjectSummary, Promotion } from '#shared/types';
import type { CatalogueReader } from './readers/catalogue';
import type { OffersReader } from './readers/offers';
import type { PortfolioReader } from './readers/portfolio';
import type { StaticPagesReader } from './readers/static-pages';
import type { SubmissionsReader } from './readers/submissions';
import type { TestimonialsReader } from './readers/testimonials';
import type { TrackingReader } from './readers/tracking';

/**
 * What route loaders receive as `context` on the server (server/ssr/page-context.ts builds
 * it). Loaders only run on the server: public pages are documents, and the back office
 * fetches its data from /api on the client. Keeping database access behind this interface
 * keeps server code out of every client bundle. Each area declares what its pages read in
 * lib/readers/<area>.ts; server/ssr/readers/<area>.ts implements it.
 */
export interface PageContext
  extends
    CatalogueReader,
    OffersReader,
    PortfolioReader,
    StaticPagesReader,
    SubmissionsReader,
    TestimonialsReader,
    TrackingReader {
  site: SiteSettings;
  /** Absolute origin for canonical URLs and Open Graph tags, from APP_URL. */
  appUrl: string;
  recentProjects(limit: number): Promise<ProjectSummary[]>;
  runningPromotions(limit?: number): Promise<Promotion[]>;
  /** What a refused contact form held, under the token of its redirect; null once gone. */
  contactDraft(token: string): Promise<ContactDraft | null>;
}

export function pageContext(args: { context?: unknown }): PageContext {
  return args.context as PageContext;
}
