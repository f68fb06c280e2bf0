import { Router } from 'express';
import type { Knex } from 'knex';
import type { Config } from '#server/config';
import { robotsTxt } from './robots';
import { sitemapXml } from './sitemap';
import { sitemapProducts, sitemapProjects } from './sitemap.repository';

/**
 * /robots.txt and /sitemap.xml, at the site's root (crawlers look there, not under /api).
 * The sitemap is read from the database on each request (a few hundred rows) and
 * revalidated by crawlers through its ETag, so a new product is listed at once.
 */
export function seoRoutes({ config, db }: { config: Config; db: Knex }): Router {
  const router = Router();
  const robots = robotsTxt(config.appUrl);

  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain; charset=utf-8').setHeader('Cache-Control', 'public, max-age=3600').send(robots);
  });

  router.get('/sitemap.xml', async (_req, res) => {
    const [products, projects] = await Promise.all([sitemapProducts(db), sitemapProjects(db)]);
    res
      .type('application/xml; charset=utf-8')
      .setHeader('Cache-Control', 'no-cache')
      .send(sitemapXml(config.appUrl, products, projects));
  });
  return router;
}
