import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The Redis of tests that need one: REDIS_TEST_URL, or the local default. Each test run
 * uses a key prefix of its own (`uniquePrefix`), so parallel runs never see each other's
 * counts or messages, and removes only its own keys afterwards (never FLUSHALL/FLUSHDB).
 */
export const REDIS_TEST_URL = process.env.REDIS_TEST_URL || 'redis://127.0.0.1:6379';

/** True when a PING is answered within two seconds. */
export async function redisAnswers(url = REDIS_TEST_URL): Promise<boolean> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

export function uniquePrefix(label: string): string {
  return `test-${label}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}:`;
}

/** Deletes the keys under `prefix`, and only those. */
export async function removeKeys(prefix: string, url = REDIS_TEST_URL): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await client.del(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
