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

/** A lock lives this long unless renewed: a crashed instance's locks free themselves. */
const LOCK_TTL_MS = 10_000;
const RENEW_EVERY_MS = 1_000;
const RETRY_EVERY_MS = 100;
const ACQUIRE_TIMEOUT_MS = 30_000;

const UNLOCK_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

class RedisLock implements Lock {
  private readonly token = randomBytes(16).toString('hex');
  private renewal: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: SharedRedis,
    private readonly id: string,
  ) {}

  private get key(): string {
    return `${this.redis.keyPrefix}tus-lock:${this.id}`;
  }

  private get releaseKey(): string {
    return `${this.redis.keyPrefix}tus-release:${this.id}`;
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const commands = this.redis.commands;
    const deadline = Date.now() + ACQUIRE_TIMEOUT_MS;
    for (;;) {
      if (signal.aborted) throw ERRORS.ERR_LOCK_TIMEOUT;
      const taken = await commands.set(this.key, this.token, 'PX', LOCK_TTL_MS, 'NX');
      if (taken === 'OK') break;
      // Held: ask its holder to finish (seen at its next renewal), then try again.
      await commands.set(this.releaseKey, '1', 'PX', LOCK_TTL_MS);
      if (Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await sleep(RETRY_EVERY_MS);
    }
    await commands.del(this.releaseKey);
    this.renewal = setInterval(() => {
      void (async () => {
        await commands.pexpire(this.key, LOCK_TTL_MS);
        if ((await commands.getdel(this.releaseKey)) !== null) await requestRelease();
      })().catch(() => undefined);
    }, RENEW_EVERY_MS);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    if (this.renewal) clearInterval(this.renewal);
    this.renewal = null;
    await this.redis.commands.eval(UNLOCK_SCRIPT, 1, this.key, this.token);
  }
}

class RedisLocker implements Locker {
  constructor(private readonly redis: SharedRedis) {}
  newLock(id: string): Lock {
    return new RedisLock(this.redis, id);
  }
}

const memory = new MemoryLocker();

/** Redis's locks when REDIS_URL is set (several instances), the process's own otherwise. */
export function sharedLocker(config: Pick<Config, 'redis' | 'logLevel'>): Locker {
  const redis = sharedRedis(config);
  return redis ? new RedisLocker(redis) : memory;
}
