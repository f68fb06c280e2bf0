import type { Knex } from 'knex';
import type { PageContext } from '#shared/page-context';
import type { Config } from '#server/config';
import { refusedDrafts } from '#server/features/contact-messages/refused-drafts';
import { recentProjects } from '#server/features/projects/projects.repository';
import { runningPromotions } from '#server/features/promotions/promotions.repository';
import { businessToday } from '#shared/calendar';
import { publicAt, type Visibility } from '#server/db/visibility';
import { catalogueReader } from './readers/catalogue';
import { offersReader } from './readers/offers';
import { portfolioReader } from './readers/portfolio';
import { staticPagesReader } from './readers/static-pages';
import { submissionsReader } from './readers/submissions';
import { testimonialsReader } from './readers/testimonials';
import { trackingReader } from './readers/tracking';

/**
 * What page loaders may read: site settings and the repositories' public queries. Each
 * read asks `visibility` who it is for: the public at this moment, unless a staff preview
 * says otherwise (docs/product-rules.md, "Drafts and scheduled publishing").
 */
export function createPageContext(
  config: Config,
  db: Knex,
  visibility: () => Visibility = publicAt,
): PageContext {
  return {
    ...catalogueReader(db, visibility),
    ...offersReader(db, visibility),
    ...portfolioReader(db, visibility),
    ...staticPagesReader(db, visibility),
    ...submissionsReader(db, config),
    ...testimonialsReader(db, visibility),
    ...trackingReader(db, config),
    site: config.site,
    appUrl: config.appUrl,
    recentProjects: (limit) => recentProjects(db, visibility(), limit),
    runningPromotions: (limit) => runningPromotions(db, businessToday(), visibility(), limit),
    contactDraft: async (token) => refusedDrafts.read(token),
  };
}

/**
 * The same context for one render, recording every read that failed, including those a
 * page catches to show a message in a block (the home page's promotions): a page rendered
 * while the database fails is then answered but never cached, and a failed page is a 503
 * (docs/decisions/0012-shutdown-order-and-honest-faults.md).
 */
export function recordingFailures(context: PageContext, failures: unknown[]): PageContext {
  const recorded: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(context)) {
    recorded[name] =
      typeof value === 'function'
        ? async (...args: unknown[]) => {
            try {
              return await (value as (...a: unknown[]) => Promise<unknown>)(...args);
            } catch (error) {
              failures.push(error);
              throw error;
            }
          }
        : value;
  }
  return recorded as unknown as PageContext;
}
