import { fieldMessages, type FieldMessages } from '#shared/field-errors';
import type { ApiError } from './api-client';

/** What a refusal said about the form's own fields (a message elsewhere has no place to show). */
export function readRefusal<K extends string>(
  error: ApiError,
  fields: readonly K[],
  pick: 'all' | 'first' = 'all',
): { message?: string; errors: FieldMessages<K> } {
  const errors: FieldMessages<K> = {};
  for (const [key, message] of Object.entries(fieldMessages(error.errors ?? {}, pick)))
    if ((fields as readonly string[]).includes(key)) errors[key as K] = message;
  return { message: error.serverMessage, errors };
}
