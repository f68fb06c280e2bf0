import {
  CONTACT_FIELD_KEYS,
  CONTACT_HONEYPOT_FIELD,
  isContactFieldKey,
  type ContactFieldKey,
} from '#shared/contact-message-rules';
import type { FieldMessages } from '#shared/field-errors';
import { api, API_BASE, ApiError } from '#client/lib/api-client';

/**
 * What the contact form island does apart from React: check the values with the shared
 * schema (fetched on first focus, its own chunk: the page's first script stays small) and
 * send them as JSON through the API client (docs/product-rules.md, "Contact form").
 */
const CONTACT_PATH = '/contact-messages';
export const CONTACT_ACTION = `${API_BASE}${CONTACT_PATH}`;

export type ContactValues = Record<ContactFieldKey, string> & { [CONTACT_HONEYPOT_FIELD]: string };

export function emptyContactValues(): ContactValues {
  const values = { [CONTACT_HONEYPOT_FIELD]: '' } as ContactValues;
  for (const key of CONTACT_FIELD_KEYS) values[key] = '';
  return values;
}

type ContactSchema = typeof import('#shared/schemas/contact-message').contactMessageSchema;
let schema: ContactSchema | null = null;
let loading: Promise<void> | null = null;

export function loadContactSchema(): Promise<void> {
  loading ??= import('#shared/schemas/contact-message').then((module) => {
    schema = module.contactMessageSchema;
  });
  return loading;
}

/** The first message of each field the shared schema refuses; nothing before it has arrived. */
export function validateContact(values: ContactValues): FieldMessages<ContactFieldKey> {
  if (!schema) return {};
  const result = schema.safeParse(values);
  const errors: FieldMessages<ContactFieldKey> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (isContactFieldKey(key)) errors[key] ??= issue.message;
  }
  return errors;
}

/** Sends the message; answers its reference (a 201 always carries one), throws ApiError when refused. */
export async function sendContactMessage(values: ContactValues, signal: AbortSignal): Promise<string> {
  const answer = await api<{ reference?: unknown } | null>(CONTACT_PATH, {
    method: 'POST',
    json: values,
    signal,
  });
  if (typeof answer?.reference !== 'string') throw new ApiError('', 0);
  return answer.reference;
}
