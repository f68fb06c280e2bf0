import { randomUUID } from 'node:crypto';
import type { SharedRedis } from '#server/shared-state/redis-connection';
import type { HtmlCache } from './html-cache';

/**
 * Several instances, one site: each keeps its own page cache (decision 0008), and a write
 * on any of them empties them all (docs/decisions/0022-shared-state-in-redis.md). The
 * instance that wrote empties its own at once, as before, and publishes on a Redis channel;
 * the others, subscribed, empty theirs when the message arrives (a few milliseconds).
 *
 * While this instance is not subscribed (Redis away, or not yet connected) it cannot
 * learn of the others' writes: it neither serves nor stores cached pages then, and it
 * empties its cache when the subscription is back, since messages sent meanwhile are lost.
 * Pages are rendered afresh meanwhile: slower, never stale.
 */
export function shareEmptying(cache: HtmlCache, redis: SharedRedis): HtmlCache {
  const channel = `${redis.keyPrefix}cache-html:vider`;
  // Its own messages come back to it: this tells them apart.
  const instance = randomUUID();
  const subscriber = redis.subscriber();
  let listening = false;

  const listen = () => {
    subscriber
      .subscribe(channel)
      .then(() => {
        cache.clear();
        listening = true;
      })
      .catch(() => undefined);
  };
  subscriber.on('ready', listen);
  subscriber.on('close', () => {
    listening = false;
  });
  subscriber.on('message', (from: string, message: string) => {
    if (from === channel && message !== instance) cache.clear();
  });

  return {
    get(key) {
      return listening ? cache.get(key) : undefined;
    },
    set(key, entry, generation) {
      if (listening) cache.set(key, entry, generation);
    },
    upgrade(key, current, better) {
      cache.upgrade(key, current, better);
    },
    get generation() {
      return cache.generation;
    },
    clear() {
      cache.clear();
      redis.commands.publish(channel, instance).catch((err: unknown) => {
        redis.logger.warn(
          { reason: err instanceof Error ? err.message : String(err) },
          'vidage du cache non transmis aux autres instances : Redis injoignable',
        );
      });
    },
    get size() {
      return cache.size;
    },
    get bytes() {
      return cache.bytes;
    },
  };
}
