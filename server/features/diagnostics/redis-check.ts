import type { Config } from '#server/config';
import { sharedRedis } from '#server/shared-state/redis-connection';

/**
 * The Redis card of the system diagnostic (docs/decisions/0022-shared-state-in-redis.md):
 * a PING on the process's own connection, the one the rate limits and the page cache use.
 * The answer names the server by host and port only: REDIS_URL's password never leaves
 * the process.
 */
export interface RedisReport {
  status: 'success' | 'error' | 'unconfigured';
  /** 'redis://hôte:6379', or null when REDIS_URL is unset. */
  endpoint: string | null;
  message: string;
  duration_ms: number | null;
}

/** Within the diagnostics' 5-second budget (docs/product-rules.md). */
const CONNECT_WAIT_MS = 2_000;

export async function redisReport(config: Pick<Config, 'redis' | 'logLevel'>): Promise<RedisReport> {
  const redis = sharedRedis(config);
  if (!redis) {
    return {
      status: 'unconfigured',
      endpoint: null,
      message:
        'Non configuré : une seule instance, limites et cache en mémoire. Définissez REDIS_URL pour en faire tourner plusieurs.',
      duration_ms: null,
    };
  }
  const started = performance.now();
  const duration = () => Math.round(performance.now() - started);
  try {
    // A connection still being made (the first request after a start) gets a moment.
    await redis.waitUntilConnected(CONNECT_WAIT_MS);
    await redis.commands.ping();
    return {
      status: 'success',
      endpoint: redis.endpoint,
      message: 'Redis répond : limites de requêtes et vidage du cache partagés entre les instances.',
      duration_ms: duration(),
    };
  } catch (error) {
    return {
      status: 'error',
      endpoint: redis.endpoint,
      message:
        `Redis injoignable : ${error instanceof Error ? error.message : String(error)}. ` +
        'Les limites ne sont pas appliquées et le cache des pages est contourné jusqu’à son retour.',
      duration_ms: duration(),
    };
  }
}
