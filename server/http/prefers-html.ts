import type { Request } from 'express';

/**
 * Whether a request is a browser's own form post (docs/decisions/0006-submit-form-without-javascript.md):
 * the browser shows whatever comes back, so a JSON answer would leave the visitor on a page
 * of raw JSON. A request whose Accept prefers HTML to JSON gets a 303 back to its form's
 * page instead; JSON clients (the islands, API callers, curl's `*\/*`) keep the JSON answers.
 */
export function prefersHtml(req: Request): boolean {
  return req.accepts(['application/json', 'text/html']) === 'text/html';
}
