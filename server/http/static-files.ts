import path from 'node:path';
import express, { Router } from 'express';
import { NotFoundError } from '#server/errors';

const YEAR = 365 * 24 * 60 * 60 * 1000;
/** A path whose last segment has an extension: `/favicon.svg`, `/icons/whatsapp.svg`. */
const FILE_NAME = /\.[^/.]+$/;

/** Hashed build output: the name changes with the content, so it is cached for a year. */
export function builtAssets(clientDir: string): Router {
  const router = Router();
  router.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), {
      immutable: true,
      maxAge: YEAR,
      index: false,
      redirect: false,
    }),
    (_req, _res, next) => next(new NotFoundError('Fichier introuvable.')),
  );
  return router;
}

/**
 * The back office's service worker (client/admin/sw.ts, built into dist/sw/sw.js), at
 * /admin/sw.js so that its scope is /admin/ and nothing above it: no public page is ever
 * under it (docs/decisions/0046-site-updates-offline.md). `no-cache`: the browser asks
 * at each check, so a deploy's new worker is found at the next visit. Absent (`npm run
 * dev`), the address falls through to the back office's 404.
 */
export function adminServiceWorker(swDir: string): Router {
  const router = Router();
  const file = path.join(swDir, 'sw.js');
  router.get('/admin/sw.js', (_req, res, next) => {
    res.sendFile(
      file,
      {
        headers: {
          'Content-Type': 'text/javascript; charset=utf-8',
          'Cache-Control': 'no-cache',
          'Service-Worker-Allowed': '/admin/',
        },
        dotfiles: 'deny',
      },
      (error?: Error & { code?: string; status?: number }) => {
        if (!error) return;
        if (error.code === 'ENOENT' || error.status === 404) next();
        else next(error);
      },
    );
  });
  return router;
}

/**
 * Favicon, placeholder image and other files committed under public/. The public/storage
 * link also lives there; its files are served only by the image routes, with their checks.
 */
export function publicFiles(publicDir: string): Router {
  const router = Router();
  router.use(/^\/storage(\/|$)/, (_req, _res, next) => next(new NotFoundError('Image introuvable.')));
  // Pages name /favicon.svg; a browser showing a bare image or file still asks for
  // /favicon.ico, which would otherwise be a 404 in every log.
  router.get('/favicon.ico', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.redirect(301, '/favicon.svg');
  });
  const files = express.static(publicDir, {
    maxAge: 24 * 60 * 60 * 1000,
    index: false,
    redirect: false,
    dotfiles: 'ignore',
  });
  // Every file of public/ has an extension and no page address has one: a page is not
  // looked for on the disk first (a stat per cache miss, decision 0023). A route, not a
  // middleware: a page's request then leaves this router without an event-loop turn
  // (decision 0011, "How the flood is measured").
  router.get(FILE_NAME, files);
  return router;
}
