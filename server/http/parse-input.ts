import { z } from 'zod';
import { ValidationError, type FieldErrors } from '#server/errors';

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
  const { fieldErrors } = z.flattenError(result.error);
  const errors: FieldErrors = {};
  for (const [field, messages] of Object.entries(fieldErrors)) {
    if (Array.isArray(messages) && messages.length > 0) errors[field] = messages as string[];
  }
  throw new ValidationError(errors);
}
