import type { NextFunction, Request, Response } from 'express';
import { NotFoundError } from '#server/errors';
import { sendStoredObject } from '#server/http/send-stored-object';
import type { ServedImage } from './find-served-image';
import { imageMessages } from './image-messages';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;
/** What `send` writes for maxAge one year and immutable, written by hand for the bucket. */
const CACHE_CONTROL = `public, max-age=${ONE_YEAR_MS / 1000}, immutable`;

/**
 * Sends a found image (product rules, API): its real content type, `nosniff`, a year of
 * caching (stored names are generated per upload and never reused, so `immutable` is
 * true), and ETag/Last-Modified with conditional GET and ranges from `send`. HEAD is
 * answered by the same code without a body.
 */
export function sendImage(image: ServedImage, req: Request, res: Response, next: NextFunction): void {
  if (image.from === 'bucket') {
    res.setHeader('Content-Type', image.contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', CACHE_CONTROL);
    sendStoredObject(req, res, image.file, image.head).catch(next);
    return;
  }
  // Set before sendFile: `send` keeps a Content-Type that is already there instead of
  // guessing one from the extension.
  res.setHeader('Content-Type', image.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.sendFile(
    image.relative,
    {
      root: image.root,
      maxAge: ONE_YEAR_MS,
      immutable: true,
      dotfiles: 'deny',
      etag: true,
      lastModified: true,
    },
    (error?: Error & { code?: string }) => {
      if (!error || res.headersSent || error.code === 'ECONNABORTED') return;
      // The file vanished between the check and the send (deleted with its entity).
      res.removeHeader('Content-Type');
      next(new NotFoundError(imageMessages.notFound));
    },
  );
}

/** The wildcard segments of `/*path` (Express 5 hands them over decoded, as an array). */
export function wildcardSegments(req: Request): string[] {
  const value: unknown = (req.params as Record<string, unknown>).path;
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split('/') : [];
}
