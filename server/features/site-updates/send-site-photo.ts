import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';
import { NotFoundError } from '#server/errors';
import { sendStoredObject } from '#server/http/send-stored-object';
import type { FileStore } from '#server/storage/file-store';
import { sitePrefix } from '#server/storage/keys';
import { photoFileName } from '#server/images/private-photo';
import type { ImageWidth } from '#shared/image-variants';

/**
 * Sends one variant of a private photo. `private, no-cache`: the client's own browser may
 * keep the bytes (a slow mobile connection then gets a 304, not the photo again) but asks
 * every time, so the token is checked on every view and a revoked link stops at once;
 * shared caches keep nothing (docs/decisions/0021-site-updates.md). No referrer leaves the
 * page with the token in its address.
 */
export async function sendSitePhoto(
  files: FileStore,
  submissionId: number,
  photo: { name: string; width: ImageWidth },
  req: Request,
  res: Response,
  next: NextFunction,
): Promise<void> {
  const key = `${sitePrefix(submissionId)}${photoFileName(photo.name, photo.width)}`;
  res.setHeader('Content-Type', 'image/webp');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Cache-Control', 'private, no-cache');
  const local = files.localPath(key);
  if (!local) {
    // From the bucket, through the app: the bucket itself has no public address.
    const file = await files.open(key);
    if (!file) return gone(res, next);
    return sendStoredObject(req, res, file);
  }
  res.sendFile(
    path.basename(local),
    { root: path.dirname(local), cacheControl: false, dotfiles: 'deny', etag: true, lastModified: true },
    (error?: Error & { code?: string }) => {
      if (!error || res.headersSent || error.code === 'ECONNABORTED') return;
      // The file vanished between the check and the send (its update was deleted).
      gone(res, next);
    },
  );
}

function gone(res: Response, next: NextFunction): void {
  res.removeHeader('Content-Type');
  res.setHeader('Cache-Control', 'no-store');
  next(new NotFoundError('Photo introuvable.'));
}
