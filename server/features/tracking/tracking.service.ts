import type { Knex } from 'knex';
import type { TrackingLinkRequest, TrackingResend } from '#shared/schemas/tracking';
import { SUBMISSION_STATUSES, submissionMessages } from '#shared/submission-rules';
import { TRACKING_STATUS_LABELS, type TrackedRequest } from '#shared/tracking-rules';
import type { SubmissionEvent, SubmissionStatus } from '#shared/types';
import type { Config } from '#server/config';
import { fromDbDateTime } from '#server/db/dialect';
import { NotFoundError } from '#server/errors';
import { recordActivity, type Actor } from '#server/features/activity';
import { queueTrackingLinkMail } from '#server/features/mail';
import { publishedSiteUpdates } from '#server/features/site-updates';
import {
  clientTimeline,
  findSubmissionContact,
  findTrackedRow,
  hashTrackingToken,
  listEvents,
  newTrackingToken,
  promotePendingTrackingToken,
  setContactMethod,
  setPendingTrackingTokenHash,
  setTrackingTokenHash,
  submissionExists,
  trackingUrl,
  type SubmissionContact,
} from '#server/features/submissions';

export interface TrackingDeps {
  db: Knex;
  /** Who the company is and where the site lives: the link's address and its mail (sealed with the secret). */
  config: Pick<Config, 'site' | 'appUrl' | 'mail' | 'jwtSecret'>;
  /**
   * Whether a link may be mailed again for this request to this address (the caps per
   * request and per recipient: tracking-limits.ts). Absent: always.
   */
  mayMailAgain?: (request: { reference: string; email: string }) => Promise<boolean>;
  now?: () => Date;
}

/**
 * Gives a request a new token and answers it; the previous one, and a link asked again
 * but not opened yet, stop working at once because the same statement overwrites them.
 */
export async function issueTrackingToken(db: Knex | Knex.Transaction, submissionId: number): Promise<string> {
  const { token, hash } = newTrackingToken();
  await setTrackingTokenHash(db, submissionId, hash);
  return token;
}

/** What the tracking link's mail reads of the request: the row as selected, without its status. */
function forMail({ status: _status, ...contact }: SubmissionContact) {
  return contact;
}

/**
 * The client's private tracking page and its links (docs/product-rules.md, "Tracking link"
 * and "Status history"; docs/decisions/0020-tracking-links-and-status-history.md). Only a
 * link's hash is stored, so a link cannot be sent again: a new one is issued. The staff's
 * replaces the old one at once; the one a client asks for waits beside it until opened.
 */
export function trackingService({
  db,
  config,
  mayMailAgain = async () => true,
  now = () => new Date(),
}: TrackingDeps) {
  return {
    /**
     * The private tracking page's content: found by one query of indexed equalities on
     * the token's hash, whether the token is known or not, and only what the client may
     * see: their first name, never their other details. A link asked again and opened
     * here for the first time becomes the request's link; the one held before stops
     * working.
     */
    async trackedRequest(token: string): Promise<TrackedRequest | null> {
      const row = await findTrackedRow(db, token);
      if (!row) return null;
      if (row.pending) await promotePendingTrackingToken(db, row.id, hashTrackingToken(token));
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
        timeline: await clientTimeline(db, { id: row.id, sentAt }),
        site: await publishedSiteUpdates(db, row.id),
      };
    },

    /**
     * Whether a token opens a request: the page's own query (one indexed equality on the
     * hash, none for a malformed token), asked before the guess limit so that a working
     * link is never one (tracking-page-guard.ts).
     */
    async opens(token: string): Promise<boolean> {
      return (await findTrackedRow(db, token)) !== null;
    },

    /**
     * A client asks for their link again: when the reference and the e-mail belong to the
     * same request, and its caps per request and per recipient allow, a new link is
     * stored as pending (the one the client holds keeps working) and e-mailed to that
     * address, in one transaction. The caller has already answered, the same whatever
     * happens here; true when a mail was queued.
     */
    async resend(input: TrackingResend): Promise<boolean> {
      const at = now();
      const row = await findSubmissionContact(db, { reference: input.reference });
      // Addresses are compared as people type them: case and spaces do not matter.
      if (!row || row.email.trim().toLowerCase() !== input.email.trim().toLowerCase()) return false;
      if (!(await mayMailAgain({ reference: row.reference, email: row.email }))) return false;
      const { token, hash } = newTrackingToken();
      return db.transaction(async (trx) => {
        if (!(await setPendingTrackingTokenHash(trx, row.id, hash))) return false;
        await queueTrackingLinkMail(trx, forMail(row), trackingUrl(config.appUrl, token), {
          config,
          now: at,
        });
        return true;
      });
    },

    /**
     * The back office's new link for a request: e-mailed to the client, marked as sent by
     * WhatsApp, or only shown. Answers the link; 404 when there is no such request.
     */
    async renewLink(actor: Actor, id: number, channel: TrackingLinkRequest['channel']): Promise<string> {
      const at = now();
      const url = await db.transaction(async (trx) => {
        const row = await findSubmissionContact(trx, { id });
        if (!row) return null;
        // The previous link, and a pending one, stop working in this very statement.
        const fresh = trackingUrl(config.appUrl, await issueTrackingToken(trx, id));
        if (channel === 'email') await queueTrackingLinkMail(trx, forMail(row), fresh, { config, now: at });
        if (channel === 'whatsapp') await setContactMethod(trx, id, 'whatsapp');
        // The channel, never the link: the token stays out of the log.
        await recordActivity(trx, actor, {
          action: 'tracking_link',
          entity: 'submission',
          entityId: id,
          label: row.reference ?? null,
          changes: { channel: [null, channel ?? 'copie'] },
        });
        return fresh;
      });
      if (url === null) throw new NotFoundError(submissionMessages.notFound);
      return url;
    },

    /** The request's whole history, oldest first, as the back office reads it. */
    async history(id: number): Promise<SubmissionEvent[]> {
      if (!(await submissionExists(db, id))) throw new NotFoundError(submissionMessages.notFound);
      return listEvents(db, id);
    },
  };
}

export type TrackingService = ReturnType<typeof trackingService>;
