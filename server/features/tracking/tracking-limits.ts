import type { Config } from '#server/config';
import { rateLimit, type RateLimit } from '#server/http/rate-limit';

/**
 * The tracking links' two per-client limits (docs/product-rules.md, "Tracking link"), made
 * in this one place (memory, or Redis for several instances: #server/http/rate-limit): wrong links tried on
 * /suivi/{token} and its photos (tracking-page-guard.ts) and links asked again (tracking.routes.ts).
 * One pair per configuration, so the page guard and the API share the counts of one app
 * and every test app starts afresh.
 */
export interface TrackingLimits {
  guesses: RateLimit;
  resends: RateLimit;
}

const made = new WeakMap<Config['limits'], TrackingLimits>();

export function trackingLimits(config: Pick<Config, 'limits' | 'redis' | 'logLevel'>): TrackingLimits {
  const known = made.get(config.limits);
  if (known) return known;
  const fresh = {
    guesses: rateLimit(config, 'trackingGuesses'),
    resends: rateLimit(config, 'trackingResends'),
  };
  made.set(config.limits, fresh);
  return fresh;
}
