import type { Config } from '#server/config';

/** What the mail templates read: who the company is, where the back office lives, who is told. */
export interface MailDeps {
  config: Pick<Config, 'site' | 'appUrl' | 'mail'>;
  now?: Date;
}
