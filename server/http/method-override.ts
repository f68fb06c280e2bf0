import type { Request, RequestHandler } from 'express';
import { AppError } from '#server/errors';

/** Product rules, API: updates arrive as POST with `_method=PUT` in the form data. */
function isPutOverride(req: Request): boolean {
  const method = (req.body as Record<string, unknown> | undefined)?._method;
  return typeof method === 'string' && method.toUpperCase() === 'PUT';
}

/**
 * POST {id} is an update only with `_method=PUT` in the form (product rules, API); without it
 * the request names no known call: 405, before anything is written.
 */
export function putOverride(update: RequestHandler): RequestHandler {
  return (req, res, next) => {
    if (!isPutOverride(req))
      throw new AppError(405, 'Pour modifier, envoyez le formulaire avec _method=PUT.');
    return update(req, res, next);
  };
}
