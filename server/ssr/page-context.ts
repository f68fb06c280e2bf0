import type { Knex } from 'knex';
import type { PageContext } from '../../client/lib/page-context';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { recentProjects } from '../features/projects/projects.repository';
import { runningPromotions } from '../features/promotions/promotions.repository';
import { businessToday } from '../../shared/calendar';
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
