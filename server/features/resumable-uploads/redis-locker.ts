import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, MemoryLocker, type Lock, type Locker, type RequestRelease } from '@tus/server';
import type { Config } from '#server/config';
import { sharedRedis, type SharedRedis } from '#server/shared-state/redis-connection';

/**
 * The lock on one upload while a request writes it (docs/decisions/0045-resumable-uploads.md, "Locks").
 * @tus/server's MemoryLocker holds locks in one process: enough for one instance, not for
 * two behind a load balancer, where a client's retried PATCH may reach the other instance
 * while its first one still writes. @tus ships no other locker, so with REDIS_URL this one
 * keeps the lock in Redis (SET NX PX with a token, renewed while held, deleted only by its
 * holder), and a request that wants a held lock leaves a note asking the holder to let go
 * (the protocol's "request release": the holder's request ends and unlocks).
 */

export interface LockTimings {
  /** A lock lives this long unless renewed: a crashed instance's locks free themselves. */
  ttlMs: number;
  /** Its holder renews it this often, and looks for a request to let go. */
  renewEveryMs: number;
  /** A request that wants a held lock tries again this often… */
  retryEveryMs: number;
  /** …and gives up after this long (@tus/server answers a lock timeout). */
  acquireTimeoutMs: number;
}

const TIMINGS: LockTimings = {
  ttlMs: 10_000,
  renewEveryMs: 1_000,
  retryEveryMs: 100,
  acquireTimeoutMs: 30_000,
};

const UNLOCK_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;
/**
 * Renewed only while still ours: a holder stalled past the TTL whose lock another request
 * took since must not lengthen that other request's lock.
 */
const RENEW_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;

/** What a lock needs of the shared connection (tests give each "instance" its own). */
export type LockRedis = Pick<SharedRedis, 'commands' | 'keyPrefix'>;

class RedisLock implements Lock {
  private readonly token = randomBytes(16).toString('hex');
  private renewal: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: LockRedis,
    private readonly id: string,
    private readonly timings: LockTimings,
  ) {}

  private get key(): string {
    return `${this.redis.keyPrefix}tus-lock:${this.id}`;
  }

  private get releaseKey(): string {
    return `${this.redis.keyPrefix}tus-release:${this.id}`;
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const commands = this.redis.commands;
    const { ttlMs, renewEveryMs, retryEveryMs, acquireTimeoutMs } = this.timings;
    const deadline = Date.now() + acquireTimeoutMs;
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      const taken = await commands.set(this.key, this.token, 'PX', ttlMs, 'NX');
      if (taken === 'OK') break;
      // Held: ask its holder to finish (seen at its next renewal), then try again.
      await commands.set(this.releaseKey, '1', 'PX', ttlMs);
      if (Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await sleep(retryEveryMs);
    }
    await commands.del(this.releaseKey);
    this.renewal = setInterval(() => {
      void (async () => {
        await commands.eval(RENEW_SCRIPT, 1, this.key, this.token, ttlMs);
        if ((await commands.getdel(this.releaseKey)) !== null) await requestRelease();
      })().catch(() => undefined);
    }, renewEveryMs);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
    await this.redis.commands.eval(UNLOCK_SCRIPT, 1, this.key, this.token);
  }
}

export class RedisLocker implements Locker {
  constructor(
    private readonly redis: LockRedis,
    private readonly timings: LockTimings = TIMINGS,
  ) {}
  newLock(id: string): Lock {
    return new RedisLock(this.redis, id, this.timings);
  }
}

const memory = new MemoryLocker();

/** Redis's locks when REDIS_URL is set (several instances), the process's own otherwise. */
export function sharedLocker(config: Pick<Config, 'redis' | 'logLevel'>): Locker {
  const redis = sharedRedis(config);
  return redis ? new RedisLocker(redis) : memory;
}
