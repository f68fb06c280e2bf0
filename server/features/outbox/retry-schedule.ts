/**
 * When a mail that could not be delivered is tried again (docs/decisions/0018-outbox-and-mail.md):
 * about 1 min, 5 min, 15 min, 1 h, then every 6 h, and never past 24 hours after the mail
 * was written: a request answered a day late is better answered by phone, and the back
 * office shows the failure with its reason and a 'Renvoyer' button.
 */

const MINUTE = 60_000;
export const RETRY_DELAYS_MS = [1, 5, 15, 60, 360].map((minutes) => minutes * MINUTE);
export const GIVE_UP_AFTER_MS = 24 * 60 * MINUTE;

/**
 * The next attempt after `attempts` failed ones (1 after the first failure), or null when
 * it would fall past the 24 hours: the mail is then marked failed.
 */
export function nextAttemptAt(attempts: number, createdAt: Date, failedAt: Date): Date | null {
  const index = Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1;
  const next = new Date(failedAt.getTime() + (RETRY_DELAYS_MS[index] ?? 0));
  return next.getTime() > createdAt.getTime() + GIVE_UP_AFTER_MS ? null : next;
}
