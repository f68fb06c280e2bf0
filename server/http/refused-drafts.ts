import { randomBytes } from 'node:crypto';
import type { FieldErrors } from '#server/errors';
import type { FieldMessages } from '#shared/field-errors';

/**
 * What a visitor without JavaScript typed in a refused public form, kept a short while so
 * the page the browser is sent back to shows it again with the messages beside the fields
 * (docs/decisions/0019-contact-form-drafts-and-csv-exports.md; docs/product-rules.md,
 * "Contact form" and "Confirmation of a request"). It cannot travel in the redirect's URL: a
 * 5,000-character text encoded is longer than servers and proxies accept in a request line.
 * So it stays here, in memory, under a random token that only that redirect carries. Each
 * process keeps its own: a restart, or a redirect that reaches another instance behind a
 * load balancer (docs/decisions/0022-shared-state-in-redis.md), loses the draft, and the
 * page then names the fields at fault without their values. Files are never kept: the
 * visitor chooses them again.
 *
 * Bounded: DRAFT_TTL_MS old at most, DRAFT_MAX entries per form (the oldest leave first),
 * each value cut to what the form accepts, so a flood of refused posts holds a few
 * megabytes at most.
 */
const DRAFT_TTL_MS = 30 * 60_000;
const DRAFT_MAX = 500;

export interface FormDraft<K extends string> {
  values: Record<K, string>;
  errors: FieldMessages<K>;
}

export interface DraftStore<K extends string> {
  /** Keeps the form's values and the first message of each field at fault; answers the token. */
  keep(body: unknown, errors: FieldErrors | undefined): string;
  read(token: string): FormDraft<K> | null;
}

interface Stored<K extends string> {
  draft: FormDraft<K>;
  expiresAt: number;
}

export function draftStore<K extends string>({
  keys,
  valueMax,
  now = Date.now,
}: {
  /** The form's text fields: anything else in a body (the honeypot, a stray field) is dropped. */
  keys: readonly K[];
  /** The longest value kept: the form's longest limit and a little more to show what went over. */
  valueMax: number;
  now?: () => number;
}): DraftStore<K> {
  const isKey = (key: string): key is K => (keys as readonly string[]).includes(key);
  const valuesOf = (body: unknown): Record<K, string> => {
    const source = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const values = {} as Record<K, string>;
    for (const key of keys) {
      const value = source[key];
      values[key] = typeof value === 'string' ? value.slice(0, valueMax) : '';
    }
    return values;
  };
  // A Map iterates in insertion order: the first key is the oldest draft.
  const drafts = new Map<string, Stored<K>>();
  const sweep = (at: number) => {
    for (const [token, stored] of drafts) {
      if (stored.expiresAt > at && drafts.size <= DRAFT_MAX) break;
      drafts.delete(token);
    }
  };
  return {
    keep(body, errors) {
      const at = now();
      const token = randomBytes(24).toString('base64url');
      const shown: FieldMessages<K> = {};
      for (const [key, messages] of Object.entries(errors ?? {}))
        if (isKey(key) && messages[0]) shown[key] = messages[0];
      drafts.set(token, { draft: { values: valuesOf(body), errors: shown }, expiresAt: at + DRAFT_TTL_MS });
      sweep(at);
      return token;
    },
    read(token) {
      const stored = drafts.get(token);
      if (!stored || stored.expiresAt <= now()) return null;
      return stored.draft;
    },
  };
}
