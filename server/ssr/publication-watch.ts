import type { Knex } from 'knex';
import { toDbDateTime } from '#server/db/dialect';
import { PUBLISHED_TABLES } from '#server/db/visibility';
import type { Logger } from '#server/logger';
import { startPeriodicTask, type PeriodicTask } from '#server/periodic-task';

/** How often the server looks for an item whose moment came: a scheduled item shows within this. */
export const PUBLICATION_WATCH_EVERY_MS = 20_000;

/** One look now answers whether a moment came since the last one (and the cache was emptied). */
export type PublicationWatch = PeriodicTask<boolean>;

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

  async function look(): Promise<boolean> {
    const until = toDbDateTime(now());
    if (until <= since) return false;
    let came = false;
    // Every table whose rows carry a `publish_at` the public site waits for.
    for (const table of PUBLISHED_TABLES) {
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

  const everyMs = deps.everyMs ?? PUBLICATION_WATCH_EVERY_MS;
  return startPeriodicTask({
    everyMs,
    firstAfterMs: everyMs,
    work: look,
    onFailure: (err) =>
      logger.warn({ err }, 'publication programmée : vérification impossible, nouvel essai plus tard'),
  });
}
