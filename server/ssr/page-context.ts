import type { Knex } from 'knex';
import type { PageContext } from '#shared/page-context';
import type { Config } from '#server/config';
import type { Logger } from '#server/logger';
import { recentProjects } from '#server/features/projects/projects.repository';
import { runningPromotions } from '#server/features/promotions/promotions.repository';
import { businessToday } from '#shared/calendar';
import { catalogueReader } from './readers/catalogue';
import { offersReader } from './readers/offers';
import { portfolioReader } from './readers/portfolio';
import { staticPagesReader } from './readers/static-pages';

/** What page loaders may read: site settings and the repositories' public queries. */
export function createPageContext(config: Config, db: Knex, logger?: Logger): PageContext {
  return {
    ...catalogueReader(db, logger),
    ...offersReader(db),
    ...portfolioReader(db),
    ...staticPagesReader(db),
    site: config.site,
    appUrl: config.appUrl,
    recentProjects: (limit) => recentProjects(db, limit),
    runningPromotions: (limit) => runningPromotions(db, businessToday(), limit),
  };
}
