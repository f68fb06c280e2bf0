import { createOutboxSender } from '#server/features/outbox/outbox-sender';
import { createSmtpTransport } from '#server/features/outbox/smtp-transport';
import type { ApiHarness } from './api-harness';
import { silentLogger } from './test-config';

/**
 * One pass of the real outbox sender over the harness's database, to the test's SMTP server
 * (docs/decisions/0018-outbox-and-mail.md). Its clock runs a second ahead, so a mail queued
 * in this very second is due. Answers how many mails it sent. `jwtSecret` opens the sealed
 * links with another secret (a changed JWT_SECRET).
 */
export async function deliverOutbox(api: ApiHarness, options: { jwtSecret?: string } = {}): Promise<number> {
  const sender = createOutboxSender({
    db: api.db.knex,
    logger: silentLogger(),
    transport: createSmtpTransport(api.env.config.mail.smtpUrl ?? ''),
    from: api.env.config.mail.from,
    jwtSecret: options.jwtSecret ?? api.env.config.jwtSecret,
    now: () => new Date(Date.now() + 1_000),
  });
  try {
    return await sender.runOnce();
  } finally {
    await sender.stop();
  }
}
