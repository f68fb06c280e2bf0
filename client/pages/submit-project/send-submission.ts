import { ATTACHMENTS_FIELD, SUBMISSION_HONEYPOT_FIELD, submissionMessages } from '#shared/submission-rules';
import {
  failureMessage,
  isSubmissionFieldKey,
  sendMessages,
  type SubmissionFieldKey,
} from '#shared/submission-outcome';
import { fieldMessages, zodFieldErrors, type FieldMessages } from '#shared/field-errors';
import { errorDetails } from '#client/lib/api-client';
import type { UploadAnswer } from '#client/lib/upload-with-progress';
import { TEXT_FIELDS, type TextFieldKey } from './submission-fields';

/**
 * What the form island does with its values, apart from React: check them with the shared
 * schema, build the multipart body, and read the server's answer (product rules, Validation and Messages and errors).
 */
export type FormValues = Record<TextFieldKey, string> & { [SUBMISSION_HONEYPOT_FIELD]: string };
export type FieldErrors = FieldMessages<SubmissionFieldKey>;

export function emptyValues(): FormValues {
  const values = { [SUBMISSION_HONEYPOT_FIELD]: '' } as FormValues;
  for (const field of TEXT_FIELDS) values[field.key] = '';
  return values;
}

type SubmissionSchema = typeof import('#shared/schemas/submission').submissionSchema;
let schema: SubmissionSchema | null = null;
let loading: Promise<void> | null = null;

/**
 * Fetches the shared zod schema (its own chunk, about 30 KB gzip) once. The island asks
 * for it when the visitor first focuses the form, and waits for it before sending: the
 * page's first script stays within its JavaScript budget (product rules, Performance targets).
 */
export function loadSchema(): Promise<void> {
  loading ??= import('#shared/schemas/submission').then((module) => {
    schema = module.submissionSchema;
  });
  return loading;
}

/**
 * The first message of each field the shared schema refuses (the server's own rules).
 * Before the schema has arrived there is nothing to say yet: sending awaits it.
 */
export function validateValues(values: FormValues): FieldErrors {
  if (!schema) return {};
  const result = schema.safeParse(values);
  if (result.success) return {};
  return formFields(fieldMessages(zodFieldErrors(result.error, { nested: false }), 'first'));
}

/** The messages about the form's own fields (a message elsewhere has no place to show). */
function formFields(messages: FieldMessages): FieldErrors {
  const found: FieldErrors = {};
  for (const [key, message] of Object.entries(messages)) if (isSubmissionFieldKey(key)) found[key] = message;
  return found;
}

/** Fields as strings, empty optional ones left out; files under the product rules' `attachments[]`. */
export function buildFormData(values: FormValues, files: readonly File[]): FormData {
  const body = new FormData();
  for (const field of TEXT_FIELDS) {
    const value = values[field.key];
    if (!field.required && value.trim() === '') continue;
    body.append(field.key, value);
  }
  // Robots that fill the hidden field still send it; people never do.
  if (values[SUBMISSION_HONEYPOT_FIELD])
    body.append(SUBMISSION_HONEYPOT_FIELD, values[SUBMISSION_HONEYPOT_FIELD]);
  for (const file of files) body.append(ATTACHMENTS_FIELD, file, file.name);
  return body;
}

export type SendResult =
  /** `reference`: the request's number, '' if an older server did not answer one. */
  | { ok: true; title: string; message: string; reference: string; trackingUrl: string | null }
  | { ok: false; title: string; message: string; fieldErrors: FieldErrors };

export function readAnswer(answer: Pick<UploadAnswer, 'status' | 'body'>): SendResult {
  if (answer.status >= 200 && answer.status < 300) {
    const body = answer.body as { reference?: unknown; tracking_url?: unknown } | null;
    return {
      ok: true,
      title: submissionMessages.submitted,
      message: submissionMessages.submittedDetail,
      reference: typeof body?.reference === 'string' ? body.reference : '',
      trackingUrl: typeof body?.tracking_url === 'string' ? body.tracking_url : null,
    };
  }
  const { message: serverMessage, errors } = errorDetails(answer.body);
  const fieldErrors = formFields(fieldMessages(errors ?? {}));
  // A 413 is about the files: the server's own words (which file, or the total) go beside them.
  if (answer.status === 413 && serverMessage && !fieldErrors.attachments)
    fieldErrors.attachments = serverMessage;
  return {
    ok: false,
    title: sendMessages.errorTitle,
    message: failureMessage(answer.status, serverMessage),
    fieldErrors,
  };
}

export function networkFailure(): SendResult {
  return { ok: false, title: sendMessages.errorTitle, message: sendMessages.network, fieldErrors: {} };
}
