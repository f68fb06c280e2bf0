import path from 'node:path';
import compression from 'compression';
import express, { Router } from 'express';
import type { Knex } from 'knex';
import type { Config } from './config';
import { activityRoutes } from './features/activity/activity.routes';
import {
  countAcceptedForms,
  countCachedPage,
  countProductOrders,
  countRenderedPages,
  whatsappClickRoutes,
  type Audience,
} from './features/audience';
import { authRoutes } from './features/auth/auth.routes';
import { usersRoutes } from './features/auth/users.routes';
import { oneUseLinkPages } from './features/auth/link-pages';
import { categoriesRoutes } from './features/categories/categories.routes';
import { findContactMessage } from './features/contact-messages';
import { contactMessageRoutes } from './features/contact-messages/contact-messages.routes';
// Beside the lists it assigns from (docs/product-rules.md, "Assignment").
import { assignmentRoutes } from './features/assignment';
import { diagnosticsRoutes } from './features/diagnostics/diagnostics.routes';
import { healthRoutes } from './features/health/health.routes';
import type { Metrics } from './features/metrics/metrics';
import { countRequests, metricsRoutes } from './features/metrics/metrics.routes';
import { imagesRoutes, publicStorageRoutes } from './features/images/images.routes';
import { offersRoutes } from './features/offers/offers.routes';
import { previewPages, previewRoutes } from './features/preview/preview.routes';
import { outboxRoutes } from './features/outbox/outbox.routes';
import { productOrderRoutes } from './features/products/product-order.routes';
import { productsRoutes } from './features/products/products.routes';
import { projectsRoutes } from './features/projects/projects.routes';
import { promotionsRoutes } from './features/promotions/promotions.routes';
import { revisionKinds } from './features/revision-kinds';
import { revisionsRoutes } from './features/revisions/revisions.routes';
import { searchRoutes } from './features/search';
import { seoRoutes } from './features/seo/seo.routes';
import { resumableUploads } from './features/resumable-uploads';
import { checkUploadedPhoto, sitePhotoRoutes, siteUpdateRoutes } from './features/site-updates';
import { statsRoutes } from './features/stats/stats.routes';
import { statisticsRoutes } from './features/statistics/statistics.routes';
import { checkUploadedAttachment, findSubmission, submissionRoutes } from './features/submissions';
import { testimonialsRoutes } from './features/testimonials/testimonials.routes';
import { trackingPageGuard, trackingRoutes } from './features/tracking';
import { trashRoutes } from './features/trash';
import { TRASH_KIND_HANDLERS } from './features/trash-kinds';
import { apiNotFound, errorHandler } from './http/error-handler';
import { requestLogging } from './http/request-logging';
import { refuseCrossSiteWrites } from './http/same-origin';
import { securityHeaders } from './http/security';
import { formPrefix, unlessFormRead } from './http/form-prefix';
import { adminServiceWorker, builtAssets, publicFiles } from './http/static-files';
import type { Logger } from './logger';
import { emptyOnWrite, serveCachedFirst } from './ssr/cached-response';
import type { SsrRenderer } from './ssr/renderer';
import { storageFor } from './storage/storage-for';

export interface AppDeps {
  config: Config;
  db: Knex;
  logger: Logger;
  /** Project root: public/ and dist/ are found from here. */
  root: string;
  /** Absent in API-only integration tests. */
  renderer?: SsrRenderer | null;
  /** Set when METRICS_TOKEN is (server/features/metrics). */
  metrics?: Metrics | null;
  /** The audience count (server/features/audience); absent: nothing is counted. */
  audience?: Audience | null;
}

/** JSON bodies stay small: files travel as multipart, never inside JSON. */
const JSON_LIMIT = '100kb';
const JSON_LIMIT_BYTES = 100 * 1024;

export function apiRouter({ config, db, audience }: AppDeps): Router {
  const api = Router();
  // Accepted forms counted per page they were sent from (docs/product-rules.md, "Statistics without cookies").
  const forms = audience ? countAcceptedForms(config, audience) : null;
  // The contact form without JavaScript over the limit comes back with what was typed.
  api.post('/contact-messages', formPrefix(JSON_LIMIT_BYTES));
  api.use(unlessFormRead(express.json({ limit: JSON_LIMIT })));
  api.use(unlessFormRead(express.urlencoded({ extended: false, limit: JSON_LIMIT })));
  api.use(healthRoutes(config, db));
  api.use('/auth', authRoutes({ config, db }));
  api.use(imagesRoutes({ config, db }));
  api.use(diagnosticsRoutes({ config, db }));
  api.use(submissionRoutes({ config, db, onAccepted: forms?.request }));
  api.use(siteUpdateRoutes({ config, db }));
  api.use(contactMessageRoutes({ config, db, onAccepted: forms?.message }));
  api.use(assignmentRoutes({ config, db, readers: { findSubmission, findContactMessage } }));
  api.use(trackingRoutes({ config, db }));
  api.use(offersRoutes({ config, db }));
  api.use(projectsRoutes({ config, db }));
  api.use(categoriesRoutes({ config, db }));
  api.use(productsRoutes({ config, db }));
  api.use(promotionsRoutes({ config, db }));
  api.use(testimonialsRoutes({ config, db }));
  api.use(revisionsRoutes({ config, db, kinds: revisionKinds({ config, db }) }));
  api.use(statsRoutes({ config, db }));
  api.use(statisticsRoutes({ config, db }));
  api.use(searchRoutes({ config, db }));
  api.use(outboxRoutes({ config, db }));
  api.use(usersRoutes({ config, db }));
  api.use(activityRoutes({ config, db }));
  api.use(previewRoutes({ config, db }));
  api.use(trashRoutes({ config, db }, TRASH_KIND_HANDLERS));
  api.use(apiNotFound);
  return api;
}

/**
 * Builds the application without listening (tests bind it to a random port). Order
 * matters: /api first, then static files, then the server-rendered pages, then the one
 * error handler.
 */
export function createApp(deps: AppDeps): express.Express {
  const { config, logger, root, renderer, metrics } = deps;
  const audience = deps.audience?.enabled ? deps.audience : null;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  // Cached public documents are answered before any middleware, with the headers the
  // full stack gave them when rendered (decision 0008).
  if (renderer?.htmlCache)
    serveCachedFirst(
      app,
      renderer.htmlCache,
      logger,
      metrics ?? null,
      audience ? countCachedPage(app, audience) : null,
    );

  if (metrics) app.use(countRequests(metrics));
  app.use(requestLogging(logger));
  app.use(securityHeaders(config, renderer?.styleHashes ?? [], renderer?.mode === 'vite'));
  // Before any body is read: a write from another site's page stores nothing (product rules, Security).
  app.use(refuseCrossSiteWrites(config));
  // Resumable uploads read their raw body: before the JSON parsers of /api and before the
  // page cache's hook on /api writes (docs/decisions/0045-resumable-uploads.md).
  app.use(
    resumableUploads({
      config,
      db: deps.db,
      checks: { submission: checkUploadedAttachment, site_update: checkUploadedPhoto },
    }),
  );
  app.use(compression());

  if (metrics && config.metricsToken) app.use(metricsRoutes(metrics, config.metricsToken));
  if (renderer?.htmlCache) app.use('/api', emptyOnWrite(renderer.htmlCache));
  app.use('/api', apiRouter(deps));
  app.use(seoRoutes(deps));
  // Every tracking path, the page and its photos, in one spelling and behind the guess
  // limit (docs/product-rules.md, "Tracking link"), before anything that serves them.
  app.use(trackingPageGuard(deps));
  app.use(oneUseLinkPages());
  // Private site photos, only under their tracking link (docs/product-rules.md, "Site updates").
  app.use(sitePhotoRoutes(deps));
  if (audience) app.use(countProductOrders(audience));
  app.use(productOrderRoutes(deps));
  // The offers' and promotions' WhatsApp buttons, counted (docs/decisions/0043-audience-counting.md).
  app.use(whatsappClickRoutes({ config, audience }));

  if (renderer?.mode !== 'vite') {
    app.use(builtAssets(path.join(root, 'dist', 'client')));
    app.use(adminServiceWorker(path.join(root, 'dist', 'sw')));
  }
  // Same checks as /api/serve-image: real image bytes, never a link out of app/public.
  app.use(publicStorageRoutes(storageFor(config)));
  app.use(publicFiles(path.join(root, 'public')));

  if (renderer) {
    if (renderer.devMiddleware) app.use(renderer.devMiddleware);
    // A staff preview link renders a public page with one unpublished item (decision 0041).
    app.use(previewPages({ config, db: deps.db }, renderer));
    if (audience) app.use(countRenderedPages(audience));
    app.use(renderer.handler);
  }
  app.use(errorHandler);
  return app;
}
