import type { Config } from '#server/config';
import { rateLimit, type RateLimit, type RateSlot } from '#server/http/rate-limit';

/**
 * The tracking links' limits (docs/product-rules.md, "Tracking link"), made in this one
 * place (memory, or Redis for several instances: #server/http/rate-limit): per client,
 * wrong links tried on /suivi/{token} and its photos (tracking-page-guard.ts) and links
 * asked again (tracking.routes.ts); per request and per recipient address, links mailed
 * again in an hour and in a day, whoever asks (tracking.service.ts). One set per
 * configuration, so the page guard and the API share the counts of one app and every test
 * app starts afresh.
 */
export interface TrackingLimits {
  guesses: RateLimit;
  resends: RateLimit;
  mailsHourly: RateLimit;
  mailsDaily: RateLimit;
}

const made = new WeakMap<Config['limits'], TrackingLimits>();

export function trackingLimits(config: Pick<Config, 'limits' | 'redis' | 'logLevel'>): TrackingLimits {
  const known = made.get(config.limits);
  if (known) return known;
  const fresh = {
    guesses: rateLimit(config, 'trackingGuesses'),
    resends: rateLimit(config, 'trackingResends'),
    mailsHourly: rateLimit(config, 'trackingMailsHourly'),
    mailsDaily: rateLimit(config, 'trackingMailsDaily'),
  };
  made.set(config.limits, fresh);
  return fresh;
}

/**
 * Whether a link may be mailed again for this request to this address: a slot of the
 * hour and of the day for the reference and for the recipient, all four or none (the
 * slots granted are given back when one is refused, so a refusal costs nothing).
 */
export async function mayMailLinkAgain(
  limits: TrackingLimits,
  { reference, email }: { reference: string; email: string },
): Promise<boolean> {
  const keys = [`reference:${reference}`, `destinataire:${email.trim().toLowerCase()}`];
  const answers = await Promise.all(
    keys.flatMap((key) => [limits.mailsHourly.take(key), limits.mailsDaily.take(key)]),
  );
  if (answers.every((answer) => answer.granted)) return true;
  const granted = answers.flatMap((answer): RateSlot[] => (answer.granted ? [answer.slot] : []));
  await Promise.all(granted.map((slot) => slot.release()));
  return false;
}
