import type { Response } from 'express';
import type { Actor } from '#server/features/activity';
import { authOf } from './require-auth';

/**
 * Who is writing, for the activity log (docs/decisions/0036-activity-log.md): the signed-in
 * user's id and name as they are now, so a row keeps the name at the time. Every write
 * method of a service takes it as its first argument.
 */
export function actorOf(res: Response): Actor {
  const { user } = authOf(res);
  return { id: user.id, name: user.name };
}
