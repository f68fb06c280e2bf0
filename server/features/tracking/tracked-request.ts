import type { Knex } from 'knex';
import { SUBMISSION_STATUSES } from '#shared/submission-rules';
import { TRACKING_STATUS_LABELS, type TrackedRequest } from '#shared/tracking-rules';
import type { SubmissionStatus } from '#shared/types';
import { fromDbDateTime } from '#server/db/dialect';
import { publishedSiteUpdates } from '#server/features/site-updates/published-updates';
import { clientTimeline } from './submission-events.repository';
import { hashTrackingToken, isTrackingTokenShape } from './tracking-token';

/**
 * The private tracking page's content (docs/product-rules.md, "Tracking link"): found by
 * one indexed equality on the token's hash, whether the token is known or not, and only
 * what the client may see: their first name, never their other details.
 */
export async function findTrackedRequest(db: Knex, token: string): Promise<TrackedRequest | null> {
  if (!isTrackingTokenShape(token)) return null;
  const row:
    | {
        id: number | string;
        reference: string | null;
        first_name: string;
        project_title: string;
        status: string;
        created_at: string | Date;
      }
    | undefined = await db('project_submissions')
    .where({ tracking_token_hash: hashTrackingToken(token) })
    .first('id', 'reference', 'first_name', 'project_title', 'status', 'created_at');
  if (!row) return null;
  const status: SubmissionStatus = (SUBMISSION_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as SubmissionStatus)
    : 'new';
  const sentAt = fromDbDateTime(row.created_at) ?? new Date(0);
  return {
    reference: row.reference ?? '',
    firstName: row.first_name,
    projectTitle: row.project_title,
    sentAt: sentAt.toISOString(),
    status,
    statusLabel: TRACKING_STATUS_LABELS[status],
    timeline: await clientTimeline(db, { id: Number(row.id), sentAt }),
    site: await publishedSiteUpdates(db, Number(row.id)),
  };
}
