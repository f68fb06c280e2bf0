import type { Knex } from 'knex';
import { toDbDateTime } from '#server/db/dialect';
import type { PublishedTable } from '#server/db/visibility';
import type { Logger } from '#server/logger';

/** How often the server looks for an item whose moment came: a scheduled item shows within this. */
export const PUBLICATION_WATCH_EVERY_MS = 20_000;

/** Every table whose rows carry a `publish_at` the public site waits for. */
export const SCHEDULED_TABLES: readonly PublishedTable[] = [
  'products',
  'projects',
  'parcels',
  'fleet_properties',
  'miscellaneous_goods',
  'promotions',
  'testimonials',
];

export interface PublicationWatch {
  /** One look now: answers whether a moment came since the last one (and the cache was emptied). */
  runOnce(): Promise<boolean>;
  /** Stops the timer and waits for a look in progress (the shutdown closes the database next). */
  stop(): Promise<void>;
}

/**
 * An item scheduled for 10:00 appears on the public pages at 10:00 with no write and no
 * restart (docs/product-rules.md, "Drafts and scheduled publishing";
 * docs/decisions/0041-drafts-and-scheduled-publishing.md). The reads already leave it out
 * until then and show it after; only the HTML cache could still hand out a page rendered
 * before. So every 20 seconds this looks, with one indexed query per table, for a row
 * whose `publish_at` fell between the previous look and now, and if one did, empties the
 * cache, on every instance when they share Redis (shared-html-cache.ts).
 *
 * Not a shorter TTL: the cache keeps pages 5 minutes so that a visit costs no render; a
 * TTL under a minute for every page would render them all five times as often to serve a
 * moment that comes a few times a month, and a TTL alone still serves a page up to its age.
 * A look that fails (database away) keeps its window: the next one covers it.
 */
export function startPublicationWatch(deps: {
  db: Knex;
  cache: { clear(): void };
  logger: Logger;
  now?: () => Date;
  everyMs?: number;
}): PublicationWatch {
  const { db, cache, logger } = deps;
  const now = deps.now ?? (() => new Date());
  // A start renders afresh (the cache starts empty): moments before it need no emptying.
  let since = toDbDateTime(now());
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<boolean> | null = null;
  let stopped = false;

  async function look(): Promise<boolean> {
    const until = toDbDateTime(now());
    if (until <= since) return false;
    let came = false;
    for (const table of SCHEDULED_TABLES) {
      const row = await db(table)
        .where('publish_at', '>', since)
        .andWhere('publish_at', '<=', until)
        .first('id');
      if (row) {
        came = true;
        break;
      }
    }
    since = until;
    if (came) {
      cache.clear();
      logger.info('publication programmée : cache des pages vidé');
    }
    return came;
  }

  function runOnce(): Promise<boolean> {
    running ??= look().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      runOnce()
        .catch((err: unknown) =>
          logger.warn({ err }, 'publication programmée : vérification impossible, nouvel essai plus tard'),
        )
        .finally(schedule);
    }, deps.everyMs ?? PUBLICATION_WATCH_EVERY_MS);
    // The HTTP server keeps the process alive; the watch alone never does.
    timer.unref();
  }

  schedule();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => false);
    },
  };
}
