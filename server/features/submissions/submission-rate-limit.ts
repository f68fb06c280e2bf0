/**
 * Per-client limit on project submissions (issue 3, item 6; rulings: its thresholds are
 * settings, SUBMISSION_RATE_LIMIT per SUBMISSION_RATE_WINDOW_MINUTES). A sliding window
 * of timestamps per client address, in memory: one process serves the site, and a
 * restart forgetting the window only gives a robot a few more tries.
 *
 * A request takes a slot before its body is read, so parallel requests cannot overshoot
 * the limit; the slot is given back when the submission is refused (a visitor correcting
 * the form is not a robot) and kept when it is accepted or caught by the honeypot.
 */
export interface SubmissionSlot {
  /** Gives the slot back (idempotent). */
  release(): void;
}

export type SlotAnswer =
  { granted: true; slot: SubmissionSlot } | { granted: false; retryAfterSeconds: number };

export interface SubmissionRateLimit {
  take(client: string): SlotAnswer;
}

/** How many clients may pile up before expired ones are swept away. */
const SWEEP_THRESHOLD = 10_000;

export function submissionRateLimit(
  max: number,
  windowMinutes: number,
  now: () => number = Date.now,
): SubmissionRateLimit {
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
