import type { Request, Response } from 'express';
import { paths } from '#shared/paths';
import { outcomeQuery } from '#shared/submission-outcome';
import { AppError } from '#server/errors';

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

/** The refusal as a redirect: its status and the fields at fault, never the message text. */
export function redirectRefused(req: Request, res: Response, error: unknown): void {
  if (!(error instanceof AppError) || error.status >= 500) {
    req.log?.error({ err: error }, 'échec d’une soumission de formulaire sans JavaScript');
  }
  const status = error instanceof AppError ? error.status : 500;
  // A 413 always concerns the files: the page points at them.
  const fields =
    error instanceof AppError && error.errors
      ? Object.keys(error.errors)
      : status === 413
        ? ['attachments']
        : [];
  if (error instanceof AppError)
    for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(303, `${paths.submitProject}${outcomeQuery({ ok: false, status, fields })}`);
}
