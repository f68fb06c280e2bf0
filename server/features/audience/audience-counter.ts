import { hash, randomBytes } from 'node:crypto';
import { addDays, businessDayStart, businessToday } from '#shared/calendar';
import { FUNNEL_PRODUCT_KEY, STATS_DIMENSIONS, type StatsDimension } from '#shared/statistics';
import { agentOf, entryOf, KEY_MAX, splitUrl } from './classify';

/**
 * The audience counts between two batches, in memory (docs/decisions/0043-audience-counting.md).
 * A page view costs a few Map and Set operations and one SHA-256 of a short string: no
 * database, no Redis, no await on the request's path. The batch (audience-batch.ts) takes
 * what is pending every minute and at shutdown.
 *
 * A visitor is the day's hash of (salt, address, user agent), never kept itself: a visitor
 * already counted for a key (the site, a page, a source…) is remembered as the hash of that
 * visitor and that key (a "member", 16 hex characters). With one instance the memory is the
 * judge and the new members are written with the counts, so a restart reloads them; with
 * several (`shared`), the members are candidates that Redis's set of the day judges at the
 * batch, so each visitor is counted once whatever instance saw them.
 */

/** The totals of `stats_days` travel as this dimension inside the batch. */
export const DAY_TOTAL = '';
export type CountDimension = StatsDimension | typeof DAY_TOTAL;

export interface Tally {
  views: number;
  visitors: number;
}

/** `date \t dimension \t key` → the counts to add. */
export type Counts = Map<string, Tally>;

export interface Batch {
  counts: Counts;
  /** Members judged new by this instance (one instance): written with the counts. */
  members: Array<{ date: string; member: string }>;
  /** Salts made by this instance, to keep for their day (one instance). */
  salts: Array<{ date: string; salt: string }>;
  /** Members Redis must judge (several instances): member → the count key it adds a visitor to. */
  candidates: Map<string, string>;
}

export const countKey = (date: string, dimension: CountDimension, key: string) =>
  `${date}\t${dimension}\t${key}`;

export function splitCountKey(value: string): { date: string; dimension: string; key: string } {
  const [date = '', dimension = '', ...rest] = value.split('\t');
  return { date, dimension, key: rest.join('\t') };
}

/** Beyond this many distinct keys pending, new keys wait for the next batch (a flood of made-up URLs). */
const MAX_PENDING_KEYS = 50_000;

const PRODUCT_PAGE = /^\/products\/\d+$/;

export interface PageView {
  /** The request's URL (path and query). */
  url: string;
  address: string;
  agent: string;
  referer: string | undefined;
  /** Host names of this site: a Referer from one of them is navigation inside the site. */
  ownHosts: readonly string[];
}

/** SHA-256 in one call (no Hash object per view), its first 16 hex characters. */
function shortHash(text: string): string {
  return hash('sha256', text, 'hex').slice(0, 16);
}

export class AudienceCounter {
  private pending: Counts = new Map();
  private members: Batch['members'] = [];
  private newSalts: Batch['salts'] = [];
  private candidates = new Map<string, string>();
  private readonly salts = new Map<string, string>();
  /** Today's `visitor \t count key` already counted by this process. */
  private seenHere = new Set<string>();
  /** Today's members already counted (this process's, and those reloaded after a restart). */
  private seenMembers = new Set<string>();
  private day = '';
  private dayStarts = 0;
  private dayEnds = 0;

  constructor(private readonly options: { now: () => Date; shared: boolean }) {}

  /** The business day of `at`, recomputed only when it leaves the cached day's bounds. */
  today(at: number = this.options.now().getTime()): string {
    if (at >= this.dayStarts && at < this.dayEnds) return this.day;
    const day = businessToday(new Date(at));
    if (day !== this.day) this.forgetDaysBefore(day);
    this.day = day;
    this.dayStarts = businessDayStart(day).getTime();
    this.dayEnds = businessDayStart(addDays(day, 1)).getTime();
    return day;
  }

  /** At a day's end: its salt and every trace of its visitors go (counts already taken stay pending). */
  private forgetDaysBefore(day: string): void {
    for (const date of this.salts.keys()) if (date < day) this.salts.delete(date);
    this.seenHere = new Set();
    this.seenMembers = new Set();
    this.members = this.members.filter((m) => m.date >= day);
    this.newSalts = this.newSalts.filter((s) => s.date >= day);
  }

  /** A salt known for `date` (loaded at start, or Redis's): used instead of making one. */
  useSalt(date: string, salt: string): void {
    if (date >= this.today()) this.salts.set(date, salt);
  }

  /** Members of today already counted before a restart. */
  remember(date: string, members: Iterable<string>): void {
    if (date !== this.today()) return;
    for (const member of members) this.seenMembers.add(member);
  }

  saltOf(date: string): string | undefined {
    return this.salts.get(date);
  }

  private saltFor(date: string): string {
    let salt = this.salts.get(date);
    if (salt === undefined) {
      // Made here when none is known yet: with one instance it is kept for the day with the
      // counts; with several, the batch then takes Redis's for the next requests.
      salt = randomBytes(32).toString('hex');
      this.salts.set(date, salt);
      this.newSalts.push({ date, salt });
    }
    return salt;
  }

  private add(key: string, views: number, visitors: number): boolean {
    const tally = this.pending.get(key);
    if (tally) {
      tally.views += views;
      tally.visitors += visitors;
      return true;
    }
    if (this.pending.size >= MAX_PENDING_KEYS) return false;
    this.pending.set(key, { views, visitors });
    return true;
  }

  /** One view of `key`, and one visitor if `visitor` was not yet counted for it today. */
  private count(date: string, visitor: string, dimension: CountDimension, key: string): void {
    const counted = countKey(date, dimension, key);
    if (!this.add(counted, 1, 0)) return;
    const seen = `${visitor}\t${dimension}\t${key}`;
    if (this.seenHere.has(seen)) return;
    this.seenHere.add(seen);
    const member = shortHash(seen);
    if (this.seenMembers.has(member)) return;
    this.seenMembers.add(member);
    if (this.options.shared) {
      this.candidates.set(member, counted);
      return;
    }
    this.pending.get(counted)!.visitors += 1;
    this.members.push({ date, member });
  }

  /** A public page served with 200 to a counted visitor. */
  pageView(view: PageView): void {
    const date = this.today();
    const visitor = shortHash(`${this.saltFor(date)}\0${view.address}\0${view.agent}`);
    const { path, utmSource, utmCampaign } = splitUrl(view.url);
    const page = path.slice(0, KEY_MAX);
    this.count(date, visitor, DAY_TOTAL, '');
    this.count(date, visitor, STATS_DIMENSIONS.page, page);
    this.count(date, visitor, STATS_DIMENSIONS.device, agentOf(view.agent).device);
    const entry = entryOfAny(view.referer, view.ownHosts);
    if (entry) {
      this.count(date, visitor, STATS_DIMENSIONS.source, entry.group);
      if (entry.host) this.count(date, visitor, STATS_DIMENSIONS.referrer, entry.host.slice(0, KEY_MAX));
    }
    if (utmSource) this.count(date, visitor, STATS_DIMENSIONS.utmSource, utmSource);
    if (utmCampaign) this.count(date, visitor, STATS_DIMENSIONS.utmCampaign, utmCampaign);
    if (PRODUCT_PAGE.test(path)) this.count(date, visitor, STATS_DIMENSIONS.funnel, FUNNEL_PRODUCT_KEY);
  }

  /** One event without visitors: a WhatsApp click, an accepted form (its key already checked). */
  event(dimension: StatsDimension, key: string): void {
    this.add(countKey(this.today(), dimension, key.slice(0, KEY_MAX)), 1, 0);
  }

  /** Everything pending, handed to the batch; the counter starts afresh. */
  take(): Batch {
    this.today();
    const batch: Batch = {
      counts: this.pending,
      members: this.members,
      salts: this.newSalts,
      candidates: this.candidates,
    };
    this.pending = new Map();
    this.members = [];
    this.newSalts = [];
    this.candidates = new Map();
    return batch;
  }

  /** A batch that could not be written: back into the next one, nothing lost, nothing doubled. */
  putBack(batch: Batch): void {
    for (const [key, tally] of batch.counts) {
      const known = this.pending.get(key);
      if (known) {
        known.views += tally.views;
        known.visitors += tally.visitors;
      } else this.pending.set(key, { ...tally });
    }
    const today = this.today();
    // A past day's members and salts are never written again: that day is over.
    this.members.push(...batch.members.filter((m) => m.date >= today));
    this.newSalts.push(...batch.salts.filter((s) => s.date >= today));
    for (const [member, key] of batch.candidates) this.candidates.set(member, key);
  }

  /** Whether anything waits for a batch. */
  get idle(): boolean {
    return (
      this.pending.size === 0 &&
      this.members.length === 0 &&
      this.newSalts.length === 0 &&
      this.candidates.size === 0
    );
  }
}

function entryOfAny(referer: string | undefined, ownHosts: readonly string[]): ReturnType<typeof entryOf> {
  const entry = entryOf(referer, ownHosts[0] ?? '');
  if (entry?.host && ownHosts.includes(entry.host)) return null;
  return entry;
}
