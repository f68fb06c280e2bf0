import type { Knex } from 'knex';
import type { TrackingLinkRequest, TrackingResend } from '#shared/schemas/tracking';
import { SUBMISSION_STATUSES, submissionMessages } from '#shared/submission-rules';
import { TRACKING_STATUS_LABELS, type TrackedRequest } from '#shared/tracking-rules';
import type { SubmissionEvent, SubmissionStatus } from '#shared/types';
import type { Config } from '#server/config';
import { fromDbDateTime } from '#server/db/dialect';
import { NotFoundError } from '#server/errors';
import { queueTrackingLinkMail } from '#server/features/mail';
import { publishedSiteUpdates } from '#server/features/site-updates';
import {
  clientTimeline,
  findSubmissionContact,
  findTrackedRow,
  listEvents,
  newTrackingToken,
  setContactMethod,
  setTrackingTokenHash,
  submissionExists,
  trackingUrl,
  type SubmissionContact,
} from '#server/features/submissions';

export interface TrackingDeps {
  db: Knex;
  /** Who the company is and where the site lives: the link's address and its mail (sealed with the secret). */
  config: Pick<Config, 'site' | 'appUrl' | 'mail' | 'jwtSecret'>;
  now?: () => Date;
}

/**
 * Gives a request a new token and answers it; the previous one stops working at once
 * because its hash is overwritten in the same statement.
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
 * link's hash is stored, so a link cannot be sent again: a new one is issued, and the old
 * one stops working.
 */
export function trackingService({ db, config, now = () => new Date() }: TrackingDeps) {
  return {
    /**
     * The private tracking page's content: found by one indexed equality on the token's
     * hash, whether the token is known or not, and only what the client may see: their
     * first name, never their other details.
     */
    async trackedRequest(token: string): Promise<TrackedRequest | null> {
      const row = await findTrackedRow(db, token);
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
        timeline: await clientTimeline(db, { id: row.id, sentAt }),
        site: await publishedSiteUpdates(db, row.id),
      };
    },

    /**
     * A client asks for their link again: when the reference and the e-mail belong to the
     * same request, a new link is issued and e-mailed to that address, in one transaction.
     * The caller answers the same whatever happened here.
     */
    async resend(input: TrackingResend): Promise<boolean> {
      const at = now();
      return db.transaction(async (trx) => {
        const row = await findSubmissionContact(trx, { reference: input.reference });
        // Addresses are compared as people type them: case and spaces do not matter.
        if (!row || row.email.trim().toLowerCase() !== input.email.trim().toLowerCase()) return false;
        const token = await issueTrackingToken(trx, row.id);
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
    async renewLink(id: number, channel: TrackingLinkRequest['channel']): Promise<string> {
      const at = now();
      const url = await db.transaction(async (trx) => {
        const row = await findSubmissionContact(trx, { id });
        if (!row) return null;
        // The previous link stops working in this very statement.
        const fresh = trackingUrl(config.appUrl, await issueTrackingToken(trx, id));
        if (channel === 'email') await queueTrackingLinkMail(trx, forMail(row), fresh, { config, now: at });
        if (channel === 'whatsapp') await setContactMethod(trx, id, 'whatsapp');
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
