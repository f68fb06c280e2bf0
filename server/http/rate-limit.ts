import { createHash } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Request } from 'express';
import { MemoryStore, type ClientRateLimitInfo, type Store } from 'express-rate-limit';
import { RedisStore } from 'rate-limit-redis';
import type { Config } from '#server/config';
import { sharedRedis, type SharedRedis } from '#server/shared-state/redis-connection';

/**
 * Every per-key rate limit of the site, created here and only here
 * (docs/decisions/0022-shared-state-in-redis.md). The counts live in express-rate-limit's
 * stores: its MemoryStore for one process, rate-limit-redis's RedisStore when REDIS_URL is
 * set, so that every instance behind a load balancer counts the same requests.
 *
 * A request takes a slot before doing the work (an atomic increment: parallel requests
 * cannot overshoot the limit); the caller gives the slot back when the attempt should not
 * count (a visitor correcting a refused form, a successful sign-in) and keeps it otherwise.
 * A refused request gives its increment back at once, so hammering does not lengthen the
 * wait. Windows are fixed: they start at a key's first counted request, and Retry-After is
 * the time left in it.
 *
 * A refusal waits for one turn of the event loop before it is answered: a client past its
 * limit goes to the back of the queue, behind every request already read, so that a
 * flood of refused requests packs less of its work between two of anybody else's steps
 * (docs/decisions/0011-page-cache-keys-and-cache-misses.md, "How the flood is measured").
 *
 * Redis configured but away: the limit fails open (the request goes on, a warning is
 * logged once a minute per limit). The per-account login lockout lives in the database
 * and still holds.
 */

/** Each limit: its count and window (minutes) from the configuration. A new limit is a line here. */
const LIMITS = {
  submissions: (limits) => [limits.submissionMax, limits.submissionWindowMinutes],
  contactMessages: (limits) => [limits.contactMax, limits.contactWindowMinutes],
  loginClients: (limits) => [limits.loginClientMax, limits.loginClientWindowMinutes],
  profilePasswordGuesses: (limits) => [limits.loginMaxAttempts, limits.loginLockoutMinutes],
  renders: (limits) => [limits.rendersPerMinute, 1],
  trackingGuesses: (limits) => [limits.trackingGuessMax, limits.trackingGuessWindowMinutes],
  trackingResends: (limits) => [limits.trackingResendMax, limits.trackingResendWindowMinutes],
  // Per request and per recipient address, whoever asks (docs/product-rules.md, "Tracking link").
  trackingMailsHourly: (limits) => [limits.trackingResendPerRequestHourly, 60],
  trackingMailsDaily: (limits) => [limits.trackingResendPerRequestDaily, 24 * 60],
  // Staff accounts (docs/product-rules.md, "Staff accounts"): per client address.
  passwordForgot: (limits) => [limits.passwordForgotMax, limits.passwordForgotWindowMinutes],
  accountLinkAttempts: (limits) => [limits.accountLinkAttemptMax, limits.accountLinkAttemptWindowMinutes],
} satisfies Record<string, (limits: Config['limits']) => [max: number, windowMinutes: number]>;

export type LimitName = keyof typeof LIMITS;

/**
 * Limits whose keys name a person (a reference, an e-mail address): counted under the
 * key's SHA-256, so neither the memory nor Redis holds an address in clear.
 */
const PERSONAL_KEYS: ReadonlySet<LimitName> = new Set(['trackingMailsHourly', 'trackingMailsDaily']);

const hashedKey = (key: string) => createHash('sha256').update(key).digest('hex');

export interface RateSlot {
  /**
   * Gives the slot back (idempotent; nothing once its window is over). Awaited before the
   * answer leaves, so that the client's next request, whichever instance it reaches, finds
   * the slot free. Never rejects.
   */
  release(): Promise<void>;
}

export type SlotAnswer = { granted: true; slot: RateSlot } | { granted: false; retryAfterSeconds: number };

export interface RateLimit {
  take(key: string): Promise<SlotAnswer>;
}

/**
 * express-rate-limit's MemoryStore hands back its own live record, which a later increment
 * may change before the caller reads it: this one answers with a copy taken at once.
 */
class SnapshotMemoryStore extends MemoryStore {
  override increment(key: string): Promise<ClientRateLimitInfo> {
    void super.increment(key);
    const client = this.current.get(key);
    return Promise.resolve({ totalHits: client?.totalHits ?? 1, resetTime: client?.resetTime });
  }
}

const WARNING_INTERVAL_MS = 60_000;

function redisStore(redis: SharedRedis, name: string): Store {
  return new RedisStore({
    prefix: `${redis.keyPrefix}limite:${name}:`,
    sendCommand: (command: string, ...args: string[]) =>
      redis.commands.call(command, ...args) as Promise<never>,
  });
}

/**
 * The client address a limit counts under, and a sign-in attempt is recorded with: behind
 * a proxy, TRUST_PROXY makes `req.ip` the client's.
 */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'inconnue';
}

export function rateLimit(config: Pick<Config, 'limits' | 'redis' | 'logLevel'>, name: LimitName): RateLimit {
  const [max, windowMinutes] = LIMITS[name](config.limits);
  const windowMs = windowMinutes * 60_000;
  const redis = sharedRedis(config);
  const store = redis ? redisStore(redis, name) : new SnapshotMemoryStore();
  // RedisStore's init loads its scripts: done again after a failure, once Redis is back.
  let ready: Promise<void> | null = null;
  const init = () => (ready ??= Promise.resolve(store.init?.({ windowMs } as never)));
  let lastWarning = 0;

  const failOpen = (err: unknown): SlotAnswer => {
    ready = null;
    const now = Date.now();
    if (redis && now - lastWarning >= WARNING_INTERVAL_MS) {
      lastWarning = now;
      const message = err instanceof Error ? err.message : String(err);
      redis.logger.warn({ limit: name, reason: message }, 'limite non appliquée : Redis injoignable');
    }
    return { granted: true, slot: { release: async () => undefined } };
  };

  // A count left one too high (Redis gone meanwhile) only ends with its window.
  const giveBack = async (key: string): Promise<void> => {
    try {
      await store.decrement(key);
    } catch {
      // Nothing to do: see above.
    }
  };

  return {
    async take(given) {
      const key = PERSONAL_KEYS.has(name) ? hashedKey(given) : given;
      let info: ClientRateLimitInfo;
      try {
        await init();
        info = await store.increment(key);
      } catch (err) {
        return failOpen(err);
      }
      const resetAt = info.resetTime?.getTime() ?? Date.now() + windowMs;
      if (info.totalHits > max) {
        await giveBack(key);
        await nextTurn();
        return { granted: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) };
      }
      let released = false;
      return {
        granted: true,
        slot: {
          async release() {
            // After the window, the count is a new window's: nothing of this one to give back.
            if (released || Date.now() >= resetAt) return;
            released = true;
            await giveBack(key);
          },
        },
      };
    },
  };
}
