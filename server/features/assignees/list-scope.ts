import type { Response } from 'express';
import type { AssigneeFilter } from '#shared/assignment';
import { authOf } from '#server/http/require-auth';
import { resolveAssigneeFilter, type AssigneeScope } from './assigned-records';

/**
 * A list's query (requests, messages, and their CSV exports) with its `assignee=me` read
 * as the user the route's guard signed in (docs/product-rules.md, "Assignment").
 */
export function scopedByAssignee<Q extends { assignee?: AssigneeFilter | undefined }>(
  query: Q,
  res: Response,
): Omit<Q, 'assignee'> & { assignee: AssigneeScope } {
  return { ...query, assignee: resolveAssigneeFilter(query.assignee, authOf(res).user.id) };
}
