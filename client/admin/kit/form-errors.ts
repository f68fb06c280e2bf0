import type { z } from 'zod';

/** One French message per field, keyed by the field's name (nested paths joined by '.'). */
export type FieldErrors = Partial<Record<string, string>>;

/** The first message of each field, from a failed parse of a shared schema. */
export function schemaErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_form';
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A 422's `errors` map ({ field: [messages] }) onto the same keys. */
export function serverErrors(errors: Record<string, string[] | string> | undefined): FieldErrors {
  const result: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const list = Array.isArray(messages) ? messages : [messages];
    if (list.length > 0) result[key] = list.join(' ');
  }
  return result;
}

export function hasErrors(errors: FieldErrors): boolean {
  return Object.values(errors).some(Boolean);
}
