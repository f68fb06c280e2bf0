import { Redis } from 'ioredis';
import type { Config } from '#server/config';
import { createLogger, type Logger } from '#server/logger';

/**
 * The one Redis connection of a process (docs/decisions/0022-shared-state-in-redis.md),
 * made on first use when REDIS_URL is set, null otherwise. Rate limits send their counts
 * through it and the page cache publishes its emptying on it; a second connection, made
 * by `subscriber()`, listens for the other instances' messages.
 *
 * Commands fail at once while Redis is away (no offline queue, short timeout): a request
 * never waits on Redis, its callers fail open (rate-limit.ts) or bypass (shared-html-cache.ts).
 */
export interface SharedRedis {
  commands: Redis;
  /** Put before every key and channel name (REDIS_KEY_PREFIX). */
  keyPrefix: string;
  logger: Logger;
  /** 'redis://hôte:6379': what the diagnostic may show (never the password). */
  endpoint: string;
  /** True when commands can be sent now. */
  readonly connected: boolean;
  /** A new connection for SUBSCRIBE (a subscribed connection sends no other command). */
  subscriber(): Redis;
  /** Resolves once connected, or after `timeoutMs` (false) — for start-up and tests. */
  waitUntilConnected(timeoutMs: number): Promise<boolean>;
  /**
   * Resolves when a PING is answered within PING_TIMEOUT_MS; rejects otherwise. `connected`
   * alone says only that the socket is open: a frozen Redis (`DEBUG SLEEP`, a host that
   * stopped answering) keeps it open and answers nothing.
   */
  ping(): Promise<void>;
}

/** Longest wait for one command's answer: a hung Redis costs a request this much, once. */
const COMMAND_TIMEOUT_MS = 500;
const CONNECT_TIMEOUT_MS = 2_000;
/** Readiness's wait for a PING: the same bound as any command (docs/decisions/0022-shared-state-in-redis.md). */
export const PING_TIMEOUT_MS = COMMAND_TIMEOUT_MS;

export function redisEndpoint(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'redis://?';
  }
}

function connect(url: string, logger: Logger, role: string): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: role === 'abonnement',
    commandTimeout: role === 'abonnement' ? undefined : COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    // Retried for ever, at most every two seconds: Redis coming back is picked up alone.
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
  // One warning per outage, not one per reconnection attempt.
  let away = false;
  client.on('error', (err: Error) => {
    if (away) return;
    away = true;
    logger.warn({ reason: err.message, role }, 'Redis injoignable');
  });
  client.on('ready', () => {
    if (away) logger.info({ role }, 'Redis de nouveau joignable');
    away = false;
  });
  return client;
}

const connections = new Map<string, SharedRedis>();

export function sharedRedis(config: Pick<Config, 'redis' | 'logLevel'>): SharedRedis | null {
  const { url, keyPrefix } = config.redis;
  if (!url) return null;
  const id = `${url} ${keyPrefix}`;
  const known = connections.get(id);
  if (known) return known;
  const logger = createLogger(config.logLevel).child({ module: 'redis' });
  const commands = connect(url, logger, 'commandes');
  const subscribers: Redis[] = [];
  const shared: SharedRedis = {
    commands,
    keyPrefix,
    logger,
    endpoint: redisEndpoint(url),
    get connected() {
      return commands.status === 'ready';
    },
    subscriber() {
      const client = connect(url, logger, 'abonnement');
      subscribers.push(client);
      return client;
    },
    async ping() {
      // commandTimeout bounds it already; the timer says so here, whatever the options.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Redis n’a pas répondu au PING en ${PING_TIMEOUT_MS} ms`)),
          PING_TIMEOUT_MS,
        );
      });
      try {
        await Promise.race([commands.ping(), late]);
      } finally {
        clearTimeout(timer);
      }
    },
    async waitUntilConnected(timeoutMs) {
      if (commands.status === 'ready') return true;
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          commands.off('ready', onReady);
          resolve(false);
        }, timeoutMs);
        const onReady = () => {
          clearTimeout(timer);
          resolve(true);
        };
        commands.once('ready', onReady);
      });
    },
  };
  closers.set(id, async () => {
    // QUIT lets answers in flight arrive; a connection that is away is simply dropped.
    await Promise.allSettled(
      [commands, ...subscribers].map(async (client) => {
        if (client.status === 'ready') await client.quit();
        else client.disconnect();
      }),
    );
  });
  connections.set(id, shared);
  return shared;
}

const closers = new Map<string, () => Promise<void>>();

/** At shutdown, after the requests: every connection this process opened. */
export async function closeSharedRedis(): Promise<void> {
  const closing = [...closers.values()].map((close) => close());
  closers.clear();
  connections.clear();
  await Promise.all(closing);
}
