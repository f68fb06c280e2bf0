import type { Request } from 'express';
import { NotFoundError } from '#server/errors';

/** Largest id an INTEGER key holds on both engines. */
const ID_MAX = 2_147_483_647;

/** The `{id}` (or another named parameter) of a path; anything but a positive integer names nothing (404). */
export function idParam(req: Request, notFound: string, name = 'id'): number {
  const raw = String(req.params[name] ?? '');
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > ID_MAX) throw new NotFoundError(notFound);
  return id;
}
