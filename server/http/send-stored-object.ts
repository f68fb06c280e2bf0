import { pipeline } from 'node:stream/promises';
import type { Request, Response } from 'express';
import type { OpenedFile } from '#server/storage/file-store';

/**
 * Answers a file opened from the bucket (STORAGE_DRIVER=s3), as `res.sendFile` answers a
 * file on disk: Content-Length, ETag and Last-Modified, 304 to a conditional GET that
 * still matches, no body to HEAD. The caller sets Content-Type and caching first. Ranges
 * are not offered (no Accept-Ranges): images and photos are small and sent whole
 * (docs/decisions/0024-object-storage.md). `head` is bytes already read from `file.body`
 * (to sniff the type): they are sent first.
 */
export async function sendStoredObject(
  req: Request,
  res: Response,
  file: OpenedFile,
  head: Buffer = Buffer.alloc(0),
): Promise<void> {
  if (file.etag) res.setHeader('ETag', file.etag);
  res.setHeader('Last-Modified', file.modified.toUTCString());
  if (req.fresh) {
    file.body.destroy();
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', String(file.size));
  if (req.method === 'HEAD') {
    file.body.destroy();
    res.end();
    return;
  }
  res.write(head);
  try {
    await pipeline(file.body, res);
  } catch (error) {
    file.body.destroy();
    // The visitor left mid-way: nothing to answer, nothing to log.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    throw error;
  }
}

/**
 * At least the first `length` bytes of a stream (fewer if it ends), read in paused mode:
 * the stream then goes on from where they stop, so the caller sends them first.
 */
export async function readHead(
  body: NodeJS.ReadableStream & { destroy(): void },
  length: number,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total < length) {
    const chunk = await nextChunk(body);
    if (chunk === null) break;
    chunks.push(chunk);
    total += chunk.length;
  }
  return Buffer.concat(chunks);
}

function nextChunk(body: NodeJS.ReadableStream): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunk = body.read() as Buffer | null;
    if (chunk !== null) return resolve(chunk);
    const cleanup = () => {
      body.off('readable', onReadable);
      body.off('end', onEnd);
      body.off('error', onError);
    };
    const onReadable = () => {
      const next = body.read() as Buffer | null;
      if (next === null) return;
      cleanup();
      resolve(next);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    body.on('readable', onReadable);
    body.on('end', onEnd);
    body.on('error', onError);
  });
}
