import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import archiver from 'archiver';
import type { Response } from 'express';
import type { FileStore } from '#server/storage/file-store';
import { attachmentDisposition } from './download-names';

/**
 * GET /admin/project-submissions/{id}/download (product rules, API): the attachments, streamed
 * as one zip (product rules: attachments are private, reachable only this way). The service
 * (submissions.service.ts, `zip`) checks everything that can refuse the download before
 * the first byte, so a refusal is a JSON 404 the back office can show (product rules,
 * Messages and errors), never a broken zip; this file only streams what it planned.
 */

/** One download, every name already safe and unique. */
export interface SubmissionZip {
  fileName: string;
  /** `demande.txt`, the first entry. */
  summary: { name: string; text: string };
  files: { key: string; name: string }[];
  /** The note naming the files lost on the server, when some are. */
  missingNote: { name: string; text: string } | null;
}

/**
 * A stored file's bytes, opened only when the archive starts reading it: archiver queues
 * every entry up front, and a stream per file opened at once would hold every descriptor
 * (or, from the bucket, every connection) for the whole download. Destroying the stream
 * closes the file or the connection, read or not.
 */
function lazyFile(files: FileStore, key: string): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    const opened = await files.open(key);
    if (!opened) throw Object.assign(new Error(`Fichier disparu : ${key}`), { code: 'ENOENT' });
    try {
      for await (const chunk of opened.body) yield chunk as Buffer;
    } finally {
      opened.body.destroy();
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

export async function sendSubmissionZip(res: Response, files: FileStore, zip: SubmissionZip): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', attachmentDisposition(zip.fileName));
  res.setHeader('Cache-Control', 'no-store');

  const archive = archiver('zip', { zlib: { level: 6 } });
  const sent = pipeline(archive, res);
  archive.append(zip.summary.text, { name: zip.summary.name });
  // append() keeps the visitor's order; file() would stat in parallel and shuffle entries.
  const sources = zip.files.map(({ key }) => lazyFile(files, key));
  sources.forEach((source, i) => archive.append(source, { name: zip.files[i]!.name }));
  if (zip.missingNote) archive.append(zip.missingNote.text, { name: zip.missingNote.name });
  // Errors (a file vanishing mid-way, the client leaving) surface through the pipeline.
  archive.finalize().catch(() => undefined);
  try {
    await sent;
  } catch (error) {
    // Whatever the archive had not finished reading is closed now, not at garbage collection.
    archive.abort();
    for (const source of sources) source.destroy();
    // The administrator cancelled the download: nothing to answer, nothing to log.
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    throw error;
  }
}
