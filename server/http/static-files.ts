import path from 'node:path';
import express, { Router } from 'express';
import { NotFoundError } from '../errors';
import type { StorageLayout } from '../storage/layout';

const YEAR = 365 * 24 * 60 * 60 * 1000;
const PUBLIC_IMAGE = /\.(jpe?g|png|webp)$/i;

/** Hashed build output: the name changes with the content, so it is cached for a year. */
export function builtAssets(clientDir: string): Router {
  const router = Router();
  router.use(
    '/assets',
    express.static(path.join(clientDir, 'assets'), { immutable: true, maxAge: YEAR, index: false, redirect: false }),
    (_req, _res, next) => next(new NotFoundError('Fichier introuvable.')),
  );
  return router;
}

/**
 * Public images at /storage/... (rulings: the public storage link). Only image files,
 * only inside storage/app/public (send refuses `..` and dotfiles); names are generated
 * per upload, so they never change and can be cached for a year.
 */
export function publicStorage(layout: StorageLayout): Router {
  const router = Router();
  router.use(
    '/storage',
    (req, _res, next) => (PUBLIC_IMAGE.test(req.path) ? next() : next(new NotFoundError('Image introuvable.'))),
    express.static(layout.publicDir, { immutable: true, maxAge: YEAR, index: false, redirect: false, dotfiles: 'deny' }),
    (_req, _res, next) => next(new NotFoundError('Image introuvable.')),
  );
  return router;
}

/** Favicon, placeholder image and other files committed under public/. */
export function publicFiles(publicDir: string): Router {
  const router = Router();
  router.use(express.static(publicDir, { maxAge: 24 * 60 * 60 * 1000, index: false, redirect: false, dotfiles: 'ignore' }));
  return router;
}
