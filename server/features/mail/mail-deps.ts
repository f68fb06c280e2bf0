import type { Config } from '#server/config';

/** What the mail templates read: who the company is, where the back office lives, who is told. */
export interface MailDeps {
  config: Pick<Config, 'site' | 'appUrl' | 'mail'>;
  now?: Date;
}

/** A calendar day 'YYYY-MM-DD' as the French read it, '15/03/2027'. */
export function frenchDay(day: string | null): string | null {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})/.exec(day) : null;
  return match ? `${match[3]}/${match[2]}/${match[1]}` : null;
}
