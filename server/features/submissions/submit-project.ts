import { rm } from 'node:fs/promises';
import type { Request, RequestHandler, Response } from 'express';
import {
  ATTACHMENTS_FIELD,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_MAX_COUNT,
  ATTACHMENTS_TOTAL_MAX_BYTES,
  SUBMISSION_HONEYPOT_FIELD,
  submissionMessages,
} from '#shared/schemas/submission';
import type { Knex } from 'knex';
import type { Config } from '#server/config';
import { PayloadTooLargeError, TooManyRequestsError } from '#server/errors';
import { closeAfterAnswer, filesOf, markMultipart, multipart } from '#server/http/uploads';
import type { StorageLayout } from '#server/storage/layout';
import { prefersHtml } from '#server/http/prefers-html';
import { redirectRefused, redirectSubmitted } from './form-post';
import { clientAddress, rateLimit } from '#server/http/rate-limit';
import { signReceipt } from './submission-receipt';
import { ATTACHMENTS_ERROR_KEY, type ReceivedFile } from './submission-checks';
import type { SubmissionsService } from './submissions.service';
import { takeUploads, uploadIdsOf } from '#server/features/resumable-uploads';

/**
 * POST /submit-project, public (product rules, Roles and access: the submit call carries no authorization).
 * In order: the per-client limit, the declared body size, the multipart parse, the
 * honeypot, then the intake (submissions.service.ts, `accept`). Whatever fails, the temp files are
 * removed before the answer leaves, and the client's slot is given back. A form posted
 * without JavaScript gets the same outcome as a 303 to the form page (form-post.ts).
 */

/**
 * Room for the text fields and the multipart framing on top of the files' 25 MB: the
 * fields are short (the description is capped at 5000 characters).
 */
const FORM_ALLOWANCE_BYTES = 1024 * 1024;

function run(handler: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise((resolve, reject) => {
    void handler(req, res, (error?: unknown) => (error ? reject(error) : resolve()));
  });
}

function isHoneypotFilled(body: unknown): boolean {
  const value = (body as Record<string, unknown> | undefined)?.[SUBMISSION_HONEYPOT_FIELD];
  return value !== undefined && value !== null && String(value).trim() !== '';
}

async function discard(files: ReadonlyArray<{ path: string }>): Promise<void> {
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}

export function submitProject({
  config,
  db,
  layout,
  submissions,
  onAccepted,
}: {
  config: Config;
  db: Knex;
  layout: StorageLayout;
  submissions: SubmissionsService;
  /** Told of each request stored (a decoy caught by the honeypot is not one). */
  onAccepted?: (req: Request) => void;
}): RequestHandler {
  const limit = rateLimit(config, 'submissions');
  // Each file's 10 MB (its message names the file) and the 25 MB total are counted as the
  // bytes arrive (server/http/bounded-disk-storage.ts).
  const upload = multipart(layout, {
    files: [
      {
        name: ATTACHMENTS_FIELD,
        maxCount: ATTACHMENTS_MAX_COUNT,
        tooMany: { field: ATTACHMENTS_ERROR_KEY, message: submissionMessages.tooManyFiles },
      },
    ],
    maxFileSize: ATTACHMENT_MAX_BYTES,
    tooLargeMessage: submissionMessages.fileTooLarge,
    maxTotalSize: ATTACHMENTS_TOTAL_MAX_BYTES,
    totalTooLargeMessage: submissionMessages.totalTooLarge,
  });

  // A browser's own post refused before its files are read (the limit, a body announced too
  // large) still comes back with what was typed (docs/product-rules.md, "Confirmation of a
  // request"): its text fields are read, within the parser's bounds on fields, and the first
  // byte of a file ends the read, so nothing of a file reaches the disk.
  const textFieldsOnly = multipart(layout, {
    files: [{ name: ATTACHMENTS_FIELD, maxCount: ATTACHMENTS_MAX_COUNT }],
    maxFileSize: ATTACHMENT_MAX_BYTES,
    tooLargeMessage: submissionMessages.fileTooLarge,
    maxTotalSize: 0,
  });
  /** Without JavaScript, the fields before the files land in `req.body`; a JSON client is answered at once. */
  const refuseBeforeFiles = async (req: Request, res: Response, html: boolean): Promise<void> => {
    // Either way the rest of the body is only drained, within bounds (server/http/lingering-close.ts).
    if (!html) return closeAfterAnswer(req, res);
    // The first file byte ends it with a refusal of its own: the fields read before it are what counts.
    await run(textFieldsOnly, req, res).catch(() => undefined);
  };

  const handle = async (req: Request, res: Response, html: boolean): Promise<void> => {
    const answer = await limit.take(clientAddress(req));
    if (!answer.granted) {
      await refuseBeforeFiles(req, res, html);
      throw new TooManyRequestsError(submissionMessages.tooManySubmissions, answer.retryAfterSeconds);
    }
    try {
      // A body announced beyond the total cannot be a valid submission: refused before a
      // byte of a file reaches the disk.
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > ATTACHMENTS_TOTAL_MAX_BYTES + FORM_ALLOWANCE_BYTES) {
        await refuseBeforeFiles(req, res, html);
        throw new PayloadTooLargeError(submissionMessages.totalTooLarge);
      }
      await run(upload, req, res);
      const files: Array<{ path: string; originalname: string; size: number }> = filesOf(
        req,
        ATTACHMENTS_FIELD,
      );
      // Attachments sent beforehand as resumable uploads (docs/decisions/0045-resumable-uploads.md):
      // copies in storage/tmp, checked, moved and counted below as the multipart ones are.
      const taken = isHoneypotFilled(req.body)
        ? null
        : await takeUploads({ config, db }, uploadIdsOf(req.body, ATTACHMENTS_MAX_COUNT), 'submission');
      if (taken)
        files.push(
          ...taken.files.map((file) => ({
            path: file.path,
            originalname: file.originalName,
            size: file.size,
          })),
        );
      try {
        if (isHoneypotFilled(req.body)) {
          // Same status and words as a real success, nothing stored (product rules, API).
          await discard(files);
          if (html) redirectSubmitted(res);
          else res.status(201).json({ success: true, message: submissionMessages.submitted });
          return;
        }
        const received: ReceivedFile[] = files.map((file) => ({
          path: file.path,
          originalName: file.originalname,
          size: file.size,
        }));
        const accepted = await submissions.accept(req.body, received);
        await taken?.done();
        onAccepted?.(req);
        if (html)
          redirectSubmitted(
            res,
            signReceipt(config.jwtSecret, accepted.id, new Date(), accepted.trackingToken),
          );
        else {
          const tracking_url = accepted.trackingUrl;
          res.status(201).json({
            success: true,
            message: submissionMessages.submitted,
            reference: accepted.reference,
            tracking_url,
            data: { id: accepted.id, reference: accepted.reference, tracking_url },
          });
        }
      } catch (error) {
        await taken?.giveBack();
        await discard(files);
        throw error;
      }
    } catch (error) {
      await answer.slot.release();
      throw error;
    }
  };

  return markMultipart(async (req: Request, res: Response) => {
    const html = prefersHtml(req);
    if (!html) return handle(req, res, false);
    try {
      await handle(req, res, true);
    } catch (error) {
      if (res.headersSent) throw error;
      redirectRefused(req, res, error);
    }
  });
}
