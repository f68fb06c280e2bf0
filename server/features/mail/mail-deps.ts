import type { Config } from '#server/config';

/** What the templates read: who the company is, where the back office lives, who is told. */
export interface MailDeps {
  config: Pick<Config, 'site' | 'appUrl' | 'mail'>;
  now?: Date;
}

/**
 * What a mail holding a tracking link also needs: the secret whose derived key seals the
 * link in the outbox (docs/decisions/0031-no-secret-in-stored-mail.md).
 */
export interface LinkMailDeps extends MailDeps {
  config: Pick<Config, 'site' | 'appUrl' | 'mail' | 'jwtSecret'>;
}
