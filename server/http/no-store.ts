import type { RequestHandler } from 'express';

/** For answers that hold visitors' personal data or a moment's state: no cache may keep them. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.set('Cache-Control', 'no-store');
  next();
};
