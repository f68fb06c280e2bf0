import type { z } from 'zod';
import { zodFieldErrors } from '#shared/field-errors';
import { ValidationError } from '#server/errors';

/**
 * Validates a request body with a shared schema (conventions: validate at the edge with
 * the shared schema): 422 `{ message, errors: { field: [messages] } }` in French on
 * failure (product rules, Messages and errors), the parsed value otherwise. A missing or non-object body is
 * read as an empty object, so the answer names the missing fields instead of "object".
 */
export function parseInput<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ValidationError(zodFieldErrors(result.error, { nested: false }));
}
