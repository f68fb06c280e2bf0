import type { Knex } from 'knex';
import type { TrackingResend } from '#shared/schemas/tracking';
import type { Config } from '#server/config';
import { queueTrackingLinkMail } from '#server/features/mail/tracking-mails';
import { issueTrackingToken, trackingUrl } from './tracking-token';

/**
 * A client asks for their link again (docs/product-rules.md, "Tracking link"): when the
 * reference and the e-mail belong to the same request, a new link is issued and e-mailed
 * to that address, in one transaction. Only the token's hash is stored, so the old link
 * cannot be sent again: it stops working (docs/decisions/0020-tracking-links-and-status-history.md).
 * The caller answers the same whatever happened here.
 */
export async function resendTrackingLink(
  db: Knex,
  config: Pick<Config, 'site' | 'appUrl' | 'mail'>,
  input: TrackingResend,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (trx) => {
    const row:
      | { id: number | string; reference: string; first_name: string; email: string; project_title: string }
      | undefined = await trx('project_submissions')
      .where({ reference: input.reference })
      .first('id', 'reference', 'first_name', 'email', 'project_title');
    // Addresses are compared as people type them: case and spaces do not matter.
    if (!row || row.email.trim().toLowerCase() !== input.email.trim().toLowerCase()) return false;
    const id = Number(row.id);
    const token = await issueTrackingToken(trx, id);
    await queueTrackingLinkMail(trx, { ...row, id }, trackingUrl(config.appUrl, token), { config, now });
    return true;
  });
}
