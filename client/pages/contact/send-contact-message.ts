import {
  CONTACT_FIELD_KEYS,
  CONTACT_HONEYPOT_FIELD,
  contactFailureMessage,
  contactMessages,
  isContactFieldKey,
  type ContactFieldKey,
} from '#shared/contact-message-rules';
import { API_BASE } from '#client/lib/api-client';

/**
 * What the contact form island does apart from React: check the values with the shared
 * schema (fetched on first focus, its own chunk: the page's first script stays small),
 * send them as JSON, and read the server's answer (docs/product-rules.md, "Contact form").
 */
export const CONTACT_ACTION = `${API_BASE}/contact-messages`;

export type ContactValues = Record<ContactFieldKey, string> & { [CONTACT_HONEYPOT_FIELD]: string };
export type ContactErrors = Partial<Record<ContactFieldKey, string>>;

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
export function validateContact(values: ContactValues): ContactErrors {
  if (!schema) return {};
  const result = schema.safeParse(values);
  const errors: ContactErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (isContactFieldKey(key)) errors[key] ??= issue.message;
  }
  return errors;
}

export type ContactSendResult =
  { ok: true; reference: string } | { ok: false; message: string; errors: ContactErrors };

function fieldErrorsOf(errors: unknown): ContactErrors {
  const found: ContactErrors = {};
  if (!errors || typeof errors !== 'object') return found;
  for (const [key, messages] of Object.entries(errors as Record<string, unknown>)) {
    const list = Array.isArray(messages) ? messages.filter((m): m is string => typeof m === 'string') : [];
    if (isContactFieldKey(key) && list[0]) found[key] = list[0];
  }
  return found;
}

export async function sendContactMessage(
  values: ContactValues,
  signal: AbortSignal,
): Promise<ContactSendResult> {
  let response: Response;
  try {
    response = await fetch(CONTACT_ACTION, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(values),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    return { ok: false, message: contactMessages.network, errors: {} };
  }
  let body: { reference?: unknown; message?: unknown; errors?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // Not JSON (a proxy's error page): the status speaks.
  }
  if (response.status === 201 && typeof body.reference === 'string')
    return { ok: true, reference: body.reference };
  const serverMessage = typeof body.message === 'string' ? body.message : undefined;
  return {
    ok: false,
    message: contactFailureMessage(response.status, serverMessage),
    errors: fieldErrorsOf(body.errors),
  };
}
