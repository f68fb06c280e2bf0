import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';
import type { Knex } from 'knex';
import type { Config } from '#server/config';
import type { Logger } from '#server/logger';
import { startPeriodicTask, type PeriodicTask } from '#server/periodic-task';
import { sharedRedis } from '#server/shared-state/redis-connection';
import { addDays } from '#shared/calendar';
import type { StatsDimension } from '#shared/statistics';
import { AudienceCounter, type Batch } from './audience-counter';
import { purgeCounts, readDay, writeBatch } from './audience-tables';
import { isCountedVisitor, isPublicPath } from './classify';
import { redisDay, type RedisDay } from './redis-day';

/**
 * The audience count of one process (docs/decisions/0043-audience-counting.md): the counter
 * in memory, the batch that writes it every STATS_FLUSH_SECONDS and at shutdown, and the
 * purge of old breakdowns. `start()` reads the day's salt (and, with one instance, the
 * members already counted) before the first request is counted.
 */
export interface Audience {
  readonly enabled: boolean;
  /** A public page answered 200 to `req`, from `address` (the trusted one, as `req.ip` gives it). */
  pageView(req: IncomingMessage, address: string): void;
  /** An event without visitors (a WhatsApp click, an accepted form), if `req` is counted. */
  event(req: IncomingMessage, dimension: StatsDimension, key: string): void;
  /** Whether a GET to this URL may be a counted page view (before its answer is known). */
  mayCount(req: IncomingMessage): boolean;
  start(): Promise<void>;
  /** One batch now (tests, shutdown). */
  flush(): Promise<void>;
  /** One purge of the breakdowns past STATS_RETENTION_MONTHS now; answers the rows deleted. */
  purge(): Promise<number>;
  /** Stops the timers and writes what is pending: a SIGTERM loses no count. */
  stop(): Promise<void>;
}

/** How often old breakdowns are purged: a few hours late is no harm. */
const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;
/** Members sent to Redis in one script call. */
const JUDGED_AT_ONCE = 500;

export function createAudience(deps: {
  config: Config;
  db: Knex;
  logger: Logger;
  now?: () => Date;
}): Audience {
  const { config, db, logger } = deps;
  const now = deps.now ?? (() => new Date());
  const redis = sharedRedis(config);
  const day: RedisDay | null = redis ? redisDay(redis) : null;
  const counter = new AudienceCounter({ now, shared: day !== null });
  const ownHosts = [new URL(config.appUrl).hostname.toLowerCase()];
  let flushTask: PeriodicTask<void> | null = null;
  let purgeTask: PeriodicTask<number> | null = null;

  async function purge(): Promise<number> {
    const deleted = await purgeCounts(db, now(), config.stats.retentionMonths);
    if (deleted > 0) logger.info({ deleted }, 'statistiques : anciennes lignes purgées');
    return deleted;
  }

  const hostsOf = (req: IncomingMessage): string[] => {
    const host = req.headers.host?.replace(/:\d+$/, '').toLowerCase();
    return host && !ownHosts.includes(host) ? [...ownHosts, host] : ownHosts;
  };

  /** Several instances: Redis's salts for today and tomorrow, known before they are needed. */
  async function shareSalts(): Promise<void> {
    if (!day) return;
    const today = counter.today();
    for (const date of [today, addDays(today, 1)]) {
      const proposal = counter.saltOf(date) ?? randomBytes(32).toString('hex');
      counter.useSalt(date, await day.salt(date, proposal));
    }
  }

  /** Several instances: Redis says which candidates are new visitors, who are added to the counts. */
  async function judge(batch: Batch): Promise<void> {
    if (!day || batch.candidates.size === 0) return;
    const byDate = new Map<string, string[]>();
    for (const [member, key] of batch.candidates) {
      const date = key.slice(0, 10);
      byDate.set(date, [...(byDate.get(date) ?? []), member]);
    }
    for (const [date, members] of byDate) {
      for (let i = 0; i < members.length; i += JUDGED_AT_ONCE) {
        const part = members.slice(i, i + JUDGED_AT_ONCE);
        const answers = await day.judge(date, part);
        part.forEach((member, index) => {
          const key = batch.candidates.get(member)!;
          batch.candidates.delete(member);
          if (!answers[index]) return;
          const tally = batch.counts.get(key);
          if (tally) tally.visitors += 1;
          else batch.counts.set(key, { views: 0, visitors: 1 });
        });
      }
    }
  }

  async function flush(): Promise<void> {
    const batch = counter.take();
    try {
      try {
        await judge(batch);
      } catch (err) {
        // Redis away: the views are written now, the visitors wait to be judged.
        logger.warn({ err }, 'audience : Redis injoignable, visiteurs comptés au prochain lot');
        counter.putBack({ counts: new Map(), members: [], salts: [], candidates: batch.candidates });
        batch.candidates = new Map();
      }
      if (batch.counts.size > 0 || batch.members.length > 0 || batch.salts.length > 0 || !day)
        await writeBatch(db, batch, counter.today(), !day);
    } catch (err) {
      counter.putBack(batch);
      throw err;
    }
    await shareSalts().catch((err: unknown) => logger.warn({ err }, 'audience : sel du jour non partagé'));
  }

  return {
    enabled: config.stats.enabled,
    mayCount(req) {
      if (!config.stats.enabled || req.method !== 'GET') return false;
      const url = req.url ?? '/';
      const mark = url.indexOf('?');
      return isPublicPath(mark === -1 ? url : url.slice(0, mark)) && isCountedVisitor(req.headers);
    },
    pageView(req, address) {
      counter.pageView({
        // Express's router rewrites `url` inside mounted routers; the counted pages are not mounted.
        url: (req as Partial<Request>).originalUrl ?? req.url ?? '/',
        address,
        agent: req.headers['user-agent'] ?? '',
        referer: req.headers.referer,
        ownHosts: hostsOf(req),
      });
    },
    event(req, dimension, key) {
      if (config.stats.enabled && isCountedVisitor(req.headers)) counter.event(dimension, key);
    },
    async start() {
      if (!config.stats.enabled) return;
      const today = counter.today();
      // Redis away at start-up: the site starts anyway; the next batch asks again.
      if (day)
        await shareSalts().catch((err: unknown) =>
          logger.warn({ err }, 'audience : sel du jour non partagé, Redis injoignable'),
        );
      else {
        const known = await readDay(db, today);
        if (known.salt) {
          counter.useSalt(today, known.salt);
          counter.remember(today, known.members);
        }
      }
      flushTask = startPeriodicTask({
        everyMs: config.stats.flushMs,
        firstAfterMs: config.stats.flushMs,
        work: flush,
        onFailure: (err) =>
          logger.warn({ err }, 'audience : écriture des compteurs impossible, nouvel essai'),
      });
      purgeTask = startPeriodicTask({
        everyMs: PURGE_EVERY_MS,
        work: purge,
        onFailure: (err) => logger.warn({ err }, 'statistiques : purge impossible, nouvel essai plus tard'),
      });
    },
    flush: () => (flushTask ? flushTask.runOnce() : flush()),
    purge: () => (purgeTask ? purgeTask.runOnce() : purge()),
    async stop() {
      await Promise.all([flushTask?.stop(), purgeTask?.stop()]);
      flushTask = null;
      purgeTask = null;
      if (!counter.idle) await flush();
    },
  };
}
