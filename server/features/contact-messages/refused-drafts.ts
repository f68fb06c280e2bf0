import { randomBytes } from 'node:crypto';
import {
  CONTACT_FIELD_KEYS,
  CONTACT_MESSAGE_MAX,
  isContactFieldKey,
  type ContactDraft,
  type ContactFieldKey,
} from '#shared/contact-message-rules';
import type { FieldErrors } from '#server/errors';

/**
 * What a visitor without JavaScript typed in a refused contact form, kept a short while so
 * the page the browser is sent back to shows it again with the messages (docs/product-rules.md,
 * "Contact form"). It cannot travel in the redirect's URL: a 5,000-character message
 * encoded is longer than servers and proxies accept in a request line. So it stays here,
 * in memory, under a random token that only that redirect carries. Each process keeps its
 * own: a restart, or a redirect that reaches another instance behind a load balancer
 * (docs/decisions/0022-shared-state-in-redis.md), loses the draft, and the page then names
 * the fields at fault without their values.
 *
 * Bounded: DRAFT_TTL_MS old at most, DRAFT_MAX entries (the oldest leave first), each value
 * cut to what the form accepts, so a flood of refused posts holds a few megabytes at most.
 */
const DRAFT_TTL_MS = 30 * 60_000;
const DRAFT_MAX = 500;
/** The longest value kept: the message's limit and a little more to show what went over. */
const VALUE_MAX = CONTACT_MESSAGE_MAX + 100;

interface Stored {
  draft: ContactDraft;
  expiresAt: number;
}

export interface DraftStore {
  keep(body: unknown, errors: FieldErrors | undefined): string;
  read(token: string): ContactDraft | null;
}

function valuesOf(body: unknown): Record<ContactFieldKey, string> {
  const source = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const values = {} as Record<ContactFieldKey, string>;
  for (const key of CONTACT_FIELD_KEYS) {
    const value = source[key];
    values[key] = typeof value === 'string' ? value.slice(0, VALUE_MAX) : '';
  }
  return values;
}

export function draftStore(now: () => number = Date.now): DraftStore {
  // A Map iterates in insertion order: the first key is the oldest draft.
  const drafts = new Map<string, Stored>();
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
      const shown: ContactDraft['errors'] = {};
      for (const [key, messages] of Object.entries(errors ?? {}))
        if (isContactFieldKey(key) && messages[0]) shown[key] = messages[0];
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

/** The process's one store: the API keeps drafts in it, the contact page reads them. */
export const refusedDrafts = draftStore();
