import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import archiver from 'archiver';
import type { Response } from 'express';
import type { Knex } from 'knex';
import { submissionMessages } from '#shared/schemas/submission';
import { NotFoundError } from '#server/errors';
import type { FileStore } from '#server/storage/file-store';
import { submissionPrefix } from '#server/storage/keys';
import type { StorageLayout } from '#server/storage/layout';
import { attachmentDisposition, uniqueEntryNames, zipFileName } from './download-names';
import { SUMMARY_ENTRY_NAME, requestSummary } from './request-summary';
import { submissionFiles } from './submissions.repository';

/**
 * GET /admin/project-submissions/{id}/download (product rules, API): the attachments, streamed
 * as one zip (product rules: attachments are private, reachable only this way). Everything that
 * can refuse the download is checked before the first byte, so a refusal is a JSON 404
 * the back office can show (product rules, Messages and errors), never a broken zip.
 */

/** Server-generated names only (submission-intake.ts): a row naming anything else is ignored. */
const STORED_NAME = /^[a-z0-9]+\.[a-z]+$/;
const MISSING_NOTE = 'fichiers-manquants.txt';

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

export async function sendSubmissionZip(
  db: Knex,
  layout: StorageLayout,
  id: number,
  res: Response,
): Promise<void> {
  const found = await submissionFiles(db, id);
  if (!found) throw new NotFoundError(submissionMessages.notFound);
  if (found.attachments.length === 0) throw new NotFoundError(submissionMessages.noAttachments);

  // One listing of the folder tells which files are there (one request to a bucket).
  const prefix = submissionPrefix(id);
  const stored = new Set((await layout.files.list(prefix)).map((file) => file.key));
  const present: { key: string; originalName: string }[] = [];
  const missing: string[] = [];
  for (const attachment of found.attachments) {
    const key = `${prefix}${attachment.stored_name}`;
    if (STORED_NAME.test(attachment.stored_name) && stored.has(key))
      present.push({ key, originalName: attachment.original_name });
    else missing.push(attachment.original_name);
  }
  if (present.length === 0) throw new NotFoundError(submissionMessages.filesMissing);

  // A file lost on disk should not hide the others: they come with a note naming it. The
  // summary comes first, so a visitor's own 'demande.txt' becomes 'demande (2).txt'.
  const [, ...names] = uniqueEntryNames([
    SUMMARY_ENTRY_NAME,
    ...present.map((p) => p.originalName),
    ...(missing.length > 0 ? [MISSING_NOTE] : []),
  ]);
  const { submission } = found;

  res.status(200);
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader(
    'Content-Disposition',
    attachmentDisposition(zipFileName(id, submission.reference, submission.project_title)),
  );
  res.setHeader('Cache-Control', 'no-store');

  const archive = archiver('zip', { zlib: { level: 6 } });
  const sent = pipeline(archive, res);
  archive.append(requestSummary(submission), { name: SUMMARY_ENTRY_NAME });
  // append() keeps the visitor's order; file() would stat in parallel and shuffle entries.
  const sources = present.map(({ key }) => lazyFile(layout.files, key));
  sources.forEach((source, i) => archive.append(source, { name: names[i]! }));
  if (missing.length > 0) {
    const note = `Fichiers introuvables sur le serveur :\r\n${missing.map((name) => `- ${name}`).join('\r\n')}\r\n`;
    archive.append(note, { name: names[present.length]! });
  }
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
