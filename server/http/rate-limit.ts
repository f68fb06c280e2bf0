/**
 * The one per-key rate limit (project submissions per client, logins per client, profile
 * password guesses per account): a sliding window of timestamps per key, in memory. One
 * process serves the site, and a restart forgetting the window only gives a robot a few
 * more tries. Callers reach it through the `RateLimit` interface only, so the storage can
 * move (to Redis, for several processes) without touching them.
 *
 * A request takes a slot before doing the work, so parallel requests cannot overshoot the
 * limit; the caller gives the slot back when the attempt should not count (a visitor
 * correcting a refused form, a successful sign-in) and keeps it otherwise.
 */
export interface RateSlot {
  /** Gives the slot back (idempotent). */
  release(): void;
}

export type SlotAnswer = { granted: true; slot: RateSlot } | { granted: false; retryAfterSeconds: number };

export interface RateLimit {
  take(client: string): SlotAnswer;
}

/** How many clients may pile up before expired ones are swept away. */
const SWEEP_THRESHOLD = 10_000;

export function rateLimit(max: number, windowMinutes: number, now: () => number = Date.now): RateLimit {
  const windowMs = windowMinutes * 60_000;
  const hits = new Map<string, number[]>();

  const live = (client: string, at: number): number[] => {
    const kept = (hits.get(client) ?? []).filter((time) => time > at - windowMs);
    if (kept.length === 0) hits.delete(client);
    else hits.set(client, kept);
    return kept;
  };

  const sweep = (at: number) => {
    if (hits.size < SWEEP_THRESHOLD) return;
    for (const client of [...hits.keys()]) live(client, at);
  };

  return {
    take(client) {
      const at = now();
      sweep(at);
      const times = live(client, at);
      if (times.length >= max) {
        const oldest = times[0] ?? at;
        return { granted: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)) };
      }
      times.push(at);
      hits.set(client, times);
      let released = false;
      return {
        granted: true,
        slot: {
          release() {
            if (released) return;
            released = true;
            const current = hits.get(client);
            const index = current?.indexOf(at) ?? -1;
            if (current && index >= 0) current.splice(index, 1);
            if (current?.length === 0) hits.delete(client);
          },
        },
      };
    },
  };
}
