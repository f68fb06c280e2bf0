import type { z } from 'zod';
import { fieldMessages, zodFieldErrors, type FieldErrors, type FieldMessages } from '#shared/field-errors';

/** The first message of each field, from a failed parse of a shared schema. */
export function schemaErrors(error: z.ZodError): FieldMessages {
  return fieldMessages(zodFieldErrors(error), 'first');
}

/** A 422's `errors` map ({ field: [messages] }) onto the same keys. */
export function serverErrors(errors: FieldErrors | undefined): FieldMessages {
  return fieldMessages(errors ?? {});
}

export function hasErrors(errors: FieldMessages): boolean {
  return Object.values(errors).some(Boolean);
}
