import type { z } from 'zod';

/**
 * Field errors, in the two forms they take (docs/decisions/0004-api-conventions.md):
 * - `FieldErrors`, what a 422 carries: every message of each field, `{ field: [messages] }`;
 *   the server builds it, the clients read it;
 * - `FieldMessages`, what a form shows: one French sentence per field.
 * And the one way from a refused zod parse to the first, then from the first to the second.
 */
export type FieldErrors = Record<string, string[]>;

/** One message per field, keyed by the field's name (nested paths joined by '.'). */
export type FieldMessages<K extends string = string> = Partial<Record<K, string>>;

/** The key of a message about the whole value rather than one field. */
export const FORM_ERROR_KEY = '_form';

/**
 * Every message of each field a shared schema refused, in the order zod gave them. Nested
 * paths are joined with '.' (`specifications.0.name`); `nested: false` files them under
 * their top-level field (`specifications`), as the API answers.
 */
export function zodFieldErrors(error: z.ZodError, { nested = true }: { nested?: boolean } = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const path = nested ? issue.path : issue.path.slice(0, 1);
    const key = path.map(String).join('.') || FORM_ERROR_KEY;
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

/**
 * A reply's `errors` as it came, whatever it holds, as FieldErrors: only strings are kept,
 * a lone string is one message, a field without any is left out.
 */
export function readFieldErrors(value: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!value || typeof value !== 'object') return errors;
  for (const [key, messages] of Object.entries(value as Record<string, unknown>)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (m): m is string => typeof m === 'string',
    );
    if (list.length > 0) errors[key] = list;
  }
  return errors;
}

/**
 * The sentence to show under each field: all its messages ('all', a 422's, joined by a
 * space) or the first ('first', a form's own check, one problem at a time).
 */
export function fieldMessages(errors: FieldErrors, pick: 'all' | 'first' = 'all'): FieldMessages {
  const result: FieldMessages = {};
  for (const [key, list] of Object.entries(errors)) {
    if (list.length > 0) result[key] = pick === 'first' ? list[0] : list.join(' ');
  }
  return result;
}
