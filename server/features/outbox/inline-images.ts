import type { Knex } from 'knex';
import type { FileStore } from '#server/storage/file-store';
import type { Logger } from '#server/logger';

/**
 * A mail's inline images (outbox_attachments, migration 028), read from the file store at
 * send time. The row holds the file's key, not its bytes: the outbox keeps no copy of a
 * private photo. A file gone by then (its update trashed, the store lost it) or a store
 * that fails to answer leaves that image out, and its <img> with it: the mail is the news,
 * the photo is a bonus, and it must never hold the mail back.
 */
export interface InlineAttachment {
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

interface AttachmentRow {
  cid: string;
  filename: string;
  content_type: string;
  storage_key: string;
}

/** An <img> whose src is this Content-ID, whatever its other attributes. */
function imgOf(cid: string): RegExp {
  const escaped = cid.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`<img\\b[^>]*\\bsrc="cid:${escaped}"[^>]*>`, 'g');
}

export async function inlineImagesOf(
  db: Knex,
  files: FileStore | null,
  outboxId: number,
  html: string,
  logger: Logger,
): Promise<{ html: string; attachments: InlineAttachment[] }> {
  const rows: AttachmentRow[] = await db('outbox_attachments')
    .where({ outbox_id: outboxId })
    .orderBy('id')
    .select('cid', 'filename', 'content_type', 'storage_key');
  const attachments: InlineAttachment[] = [];
  let body = html;
  for (const row of rows) {
    let content: Buffer | null = null;
    try {
      content = files ? await files.read(row.storage_key) : null;
    } catch (err) {
      logger.warn({ outbox: outboxId, err }, 'image du courriel illisible : envoyé sans elle');
    }
    if (content)
      attachments.push({ cid: row.cid, filename: row.filename, contentType: row.content_type, content });
    else body = body.replace(imgOf(row.cid), '');
  }
  return { html: body, attachments };
}
