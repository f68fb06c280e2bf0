import type { z } from 'zod';
import { ValidationError, type FieldErrors } from '#server/errors';
import { parseInput } from './parse-input';

/**
 * Reading the admin forms that carry files (offers, products, promotions, projects;
 * product rules, API: form data). Field rules come from the shared schemas, file rules from the
 * route; both are checked before anything is written, and a refused form gets every
 * message at once, fields and files together, as one 422 `{ message, errors }` (spec
 * product rules, Messages and errors).
 */
export function parseForm<S extends z.ZodType>(
  schema: S,
  body: unknown,
  fileErrors: FieldErrors,
): z.output<S> {
  const hasFileErrors = Object.keys(fileErrors).length > 0;
  let parsed: z.output<S>;
  try {
    parsed = parseInput(schema, body);
  } catch (error) {
    if (!(error instanceof ValidationError) || !hasFileErrors) throw error;
    throw new ValidationError(mergeErrors(error.errors ?? {}, fileErrors));
  }
  if (hasFileErrors) throw new ValidationError(fileErrors);
  return parsed;
}

export function mergeErrors(...maps: FieldErrors[]): FieldErrors {
  const merged: FieldErrors = {};
  for (const map of maps) {
    for (const [field, messages] of Object.entries(map))
      merged[field] = [...(merged[field] ?? []), ...messages];
  }
  return merged;
}

/** Adds a message to a field of an error map being built. */
export function addError(errors: FieldErrors, field: string, message: string): void {
  const list = (errors[field] ??= []);
  if (!list.includes(message)) list.push(message);
}

/**
 * The form body with alternative field names copied to the schema's name when that one is
 * absent (e.g. `numero` for the product rules' `numéro`, `simpleDescription` for `description`).
 * Multer builds bodies without a prototype: the copy is a plain object.
 */
export function withAliases(body: unknown, aliases: Record<string, string>): Record<string, unknown> {
  const copy: Record<string, unknown> = typeof body === 'object' && body !== null ? { ...body } : {};
  for (const [alias, name] of Object.entries(aliases)) {
    if (copy[name] === undefined && copy[alias] !== undefined) copy[name] = copy[alias];
  }
  return copy;
}
