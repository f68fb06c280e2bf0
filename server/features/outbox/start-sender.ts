import type { Knex } from 'knex';
import type { Config } from '#server/config';
import type { Logger } from '#server/logger';
import { storageFor } from '#server/storage/storage-for';
import { createOutboxSender, type OutboxSender } from './outbox-sender';
import { createSmtpTransport } from './smtp-transport';

/** The host of the site's address (APP_URL), which the mails' Message-ID names. */
export function messageIdHost(config: Config): string {
  return new URL(config.appUrl).hostname;
}

/** The sender of the server process (server/index.ts), on SMTP_URL; idle without it. */
export function startOutboxSender(deps: { config: Config; db: Knex; logger: Logger }): OutboxSender {
  const { smtpUrl, from } = deps.config.mail;
  const sender = createOutboxSender({
    db: deps.db,
    logger: deps.logger.child({ component: 'outbox' }),
    transport: smtpUrl ? createSmtpTransport(smtpUrl) : null,
    from,
    messageIdHost: messageIdHost(deps.config),
    jwtSecret: deps.config.jwtSecret,
    files: storageFor(deps.config).files,
  });
  sender.start();
  return sender;
}
