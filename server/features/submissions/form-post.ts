import type { Request, Response } from 'express';
import { paths } from '#shared/paths';
import { outcomeQuery } from '#shared/submission-outcome';
import { AppError, type FieldErrors } from '#server/errors';
import { refusedSubmissionDrafts } from './refused-drafts';

/**
 * The submit form without JavaScript (product rules, Public site): the browser posts it as
 * multipart/form-data and shows whatever comes back (#server/http/prefers-html tells such a
 * post), so it gets a 303 back to the form page, which renders the outcome.
 */

/** `receipt` (absent for a robot caught by the honeypot) lets the page show what was stored. */
export function redirectSubmitted(res: Response, receipt?: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(303, `${paths.submitProject}${outcomeQuery({ ok: true, receipt })}`);
}

/**
 * The refusal as a redirect: its status and the fields at fault, never the message text,
 * and the token of what was typed (refused-drafts.ts), so the page gives every field back
 * with its message beside it; only the files are to be chosen again
 * (docs/product-rules.md, "Confirmation of a request").
 */
export function redirectRefused(req: Request, res: Response, error: unknown): void {
  if (!(error instanceof AppError) || error.status >= 500) {
    req.log?.error({ err: error }, 'échec d’une soumission de formulaire sans JavaScript');
  }
  const status = error instanceof AppError ? error.status : 500;
  // A 413 always concerns the files: the page points at them, with the server's words
  // (they name the file too large).
  const errors: FieldErrors | undefined =
    error instanceof AppError && error.errors
      ? error.errors
      : status === 413
        ? { attachments: [error instanceof AppError ? error.message : ''] }
        : undefined;
  if (error instanceof AppError)
    for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  const draft = refusedSubmissionDrafts.keep(req.body, errors);
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(
    303,
    `${paths.submitProject}${outcomeQuery({ ok: false, status, fields: Object.keys(errors ?? {}), draft })}`,
  );
}
