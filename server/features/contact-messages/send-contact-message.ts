import type { Request, RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import { contactOutcomeQuery } from '#shared/contact-outcome';
import {
  CONTACT_HONEYPOT_FIELD,
  contactMessageSchema,
  contactMessages,
} from '#shared/schemas/contact-message';
import { paths } from '#shared/paths';
import type { Config } from '#server/config';
import { AppError, TooManyRequestsError, ValidationError } from '#server/errors';
import { parseInput } from '#server/http/parse-input';
import { clientAddress, rateLimit } from '#server/http/rate-limit';
import { prefersHtml } from '#server/http/prefers-html';
import { insertContactMessage } from './contact-messages.repository';
import { refusedDrafts } from './refused-drafts';

/**
 * POST /api/contact-messages, public, JSON or form data (docs/product-rules.md, "Contact
 * form"). In order: the per-client limit, the honeypot, the fields, then the row and its
 * reference. A refused message gives the client's slot back (correcting a form is not
 * flooding); a stored one, or a robot's, keeps it. A browser's own post (no JavaScript)
 * gets every outcome as a 303 back to /contact (docs/decisions/0006 does the same for the
 * submit form), a refused one with what was typed kept under a token (refused-drafts.ts).
 */

function isHoneypotFilled(body: unknown): boolean {
  const value = (body as Record<string, unknown> | undefined)?.[CONTACT_HONEYPOT_FIELD];
  return value !== undefined && value !== null && String(value).trim() !== '';
}

/** A robot is told what a person is told, with a reference that names no stored message. */
function decoyReference(now: Date): string {
  return `MSG-${now.getUTCFullYear()}-${String(Math.floor(Math.random() * 100_000)).padStart(5, '0')}`;
}

function redirectRefused(req: Request, res: Response, error: unknown): void {
  if (!(error instanceof AppError) || error.status >= 500) {
    req.log?.error({ err: error }, 'échec d’un message de contact sans JavaScript');
  }
  const status = error instanceof AppError ? error.status : 500;
  const errors = error instanceof AppError ? error.errors : undefined;
  if (error instanceof AppError)
    for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  const draft = refusedDrafts.keep(req.body, errors);
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(
    303,
    `${paths.contact}${contactOutcomeQuery({ ok: false, status, fields: Object.keys(errors ?? {}), draft })}`,
  );
}

export function sendContactMessage({
  config,
  db,
  onAccepted,
}: {
  config: Config;
  db: Knex;
  /** Told of each message stored (a decoy caught by the honeypot is not one). */
  onAccepted?: (req: Request) => void;
}): RequestHandler {
  const limit = rateLimit(config, 'contactMessages');

  const handle = async (req: Request, cut = false): Promise<{ id: number | null; reference: string }> => {
    const answer = await limit.take(clientAddress(req));
    if (!answer.granted) throw new TooManyRequestsError(contactMessages.tooMany, answer.retryAfterSeconds);
    const now = new Date();
    if (isHoneypotFilled(req.body)) return { id: null, reference: decoyReference(now) };
    try {
      const input = parseInput(contactMessageSchema, req.body);
      // A post cut at the body limit (server/http/form-prefix.ts): its only long field is the message.
      if (cut) throw new ValidationError({ message: [contactMessages.messageTooLong] });
      const stored = await insertContactMessage(db, input, now, { config, now });
      onAccepted?.(req);
      return stored;
    } catch (error) {
      await answer.slot.release();
      throw error;
    }
  };

  return async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    if (!prefersHtml(req)) {
      const { id, reference } = await handle(req);
      res.status(201).json({ id: id ?? Math.floor(Math.random() * 1_000_000) + 1, reference });
      return;
    }
    try {
      const { reference } = await handle(req, res.locals.formCut === true);
      res.redirect(303, `${paths.contact}${contactOutcomeQuery({ ok: true, reference })}`);
    } catch (error) {
      if (res.headersSent) throw error;
      redirectRefused(req, res, error);
    }
  };
}
