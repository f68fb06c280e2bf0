import type { NextFunction, Request, Response } from 'express';
import { NotFoundError } from '#server/errors';
import type { ServedImage } from './find-served-image';
import { imageMessages } from './image-messages';

const ONE_YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * Sends a found image (product rules, API): its real content type, `nosniff`, a year of
 * caching (stored names are generated per upload and never reused, so `immutable` is
 * true), and ETag/Last-Modified with conditional GET and ranges from `send`. HEAD is
 * answered by the same code without a body.
 */
export function sendImage(image: ServedImage, res: Response, next: NextFunction): void {
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
