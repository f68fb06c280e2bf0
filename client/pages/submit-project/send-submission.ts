import { ATTACHMENTS_FIELD, SUBMISSION_HONEYPOT_FIELD, submissionMessages } from '#shared/submission-rules';
import {
  failureMessage,
  isSubmissionFieldKey,
  sendMessages,
  SUBMISSION_FIELD_KEYS,
  type SubmissionFieldKey,
} from '#shared/submission-outcome';
import { fieldMessages, zodFieldErrors, type FieldMessages } from '#shared/field-errors';
import { API_BASE, apiErrorOf } from '#client/lib/api-client';
import { uploadWithProgress } from '#client/lib/upload-with-progress';
import { resumableUpload } from '#client/lib/resumable-upload';
import { readRefusal } from '#client/lib/read-refusal';
import { TEXT_FIELDS, type TextFieldKey } from './submission-fields';

/**
 * What the form island does with its values, apart from React: check them with the shared
 * schema, build the multipart body, send it, and read the server's answer (product rules,
 * Validation and Messages and errors).
 */
const SUBMISSION_PATH = '/submit-project';
export const SUBMISSION_ACTION = `${API_BASE}${SUBMISSION_PATH}`;

export type FormValues = Record<TextFieldKey, string> & { [SUBMISSION_HONEYPOT_FIELD]: string };
/** The form's messages, one per field (shared/field-errors.ts). */
export type SubmissionErrors = FieldMessages<SubmissionFieldKey>;

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
export function validateValues(values: FormValues): SubmissionErrors {
  if (!schema) return {};
  const result = schema.safeParse(values);
  if (result.success) return {};
  return formFields(fieldMessages(zodFieldErrors(result.error, { nested: false }), 'first'));
}

/** The messages about the form's own fields (a message elsewhere has no place to show). */
function formFields(messages: FieldMessages): SubmissionErrors {
  const found: SubmissionErrors = {};
  for (const [key, message] of Object.entries(messages)) if (isSubmissionFieldKey(key)) found[key] = message;
  return found;
}

/**
 * A visitor's JPEG photo shrunk before it leaves (docs/decisions/0048-visitor-photos-shrunk.md),
 * as JPEG; the shrinking module and its worker load only then. A PNG (often a plan, thin
 * lines) and every other file go as they are.
 */
async function visitorPhoto(file: File): Promise<File> {
  if (file.type !== 'image/jpeg') return file;
  const { shrinkPhoto } = await import('#client/lib/shrink-photo');
  return shrinkPhoto(file, 'jpeg');
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
  | { ok: false; title: string; message: string; fieldErrors: SubmissionErrors };

/** What a stored request answers (201): its reference and its tracking link. */
export interface SubmissionAnswer {
  reference?: unknown;
  tracking_url?: unknown;
}

/** The success's toast and what the confirmation shows. */
export function submissionSent(body: SubmissionAnswer | null): Extract<SendResult, { ok: true }> {
  return {
    ok: true,
    title: submissionMessages.submitted,
    message: submissionMessages.submittedDetail,
    reference: typeof body?.reference === 'string' ? body.reference : '',
    trackingUrl: typeof body?.tracking_url === 'string' ? body.tracking_url : null,
  };
}

/**
 * A refusal as the form says it: product rules' sentence for its status; a 413 is about the
 * files, so the server's own words (which file, or the total) go beside them.
 */
export function submissionRefusal(
  status: number,
  said: { message?: string; errors: SubmissionErrors },
): { message: string; errors: SubmissionErrors } {
  const errors = { ...said.errors };
  if (status === 413 && said.message && !errors.attachments) errors.attachments = said.message;
  return { message: failureMessage(status, said.message), errors };
}

/** Where one file of the request is: its share sent, and whether its connection dropped. */
export interface FileUploadState {
  name: string;
  share: number;
  lost: boolean;
}

/**
 * Sends the request with the files' progress; answers the stored request's reference and link.
 * Each file goes first, on its own and resumable (client/lib/resumable-upload.ts); then the
 * form, naming them by `upload_ids[]` (docs/product-rules.md, "Resumable uploads").
 */
export async function sendSubmission(
  values: FormValues,
  files: readonly File[],
  transfer: { signal: AbortSignal; onProgress: (share: number) => void },
  onFiles?: (states: FileUploadState[]) => void,
): Promise<Extract<SendResult, { ok: true }>> {
  const body = buildFormData(values, []);
  if (files.length > 0) {
    // The bar shows from the start of the sending when files go with it.
    transfer.onProgress(0);
    const states: FileUploadState[] = files.map((file) => ({ name: file.name, share: 0, lost: false }));
    const total = files.reduce((sum, file) => sum + file.size, 0) || 1;
    const report = () => {
      onFiles?.(states.map((state) => ({ ...state })));
      const sent = files.reduce((sum, file, i) => sum + file.size * (states[i]?.share ?? 0), 0);
      transfer.onProgress(Math.min(1, sent / total));
    };
    report();
    for (const [i, file] of files.entries()) {
      const state = states[i] as FileUploadState;
      const id = await resumableUpload(await visitorPhoto(file), {
        purpose: 'submission',
        signal: transfer.signal,
        onProgress: (share) => {
          state.share = share;
          report();
        },
        onConnectionLost: () => {
          state.lost = true;
          report();
        },
        onResumed: () => {
          state.lost = false;
          report();
        },
      });
      body.append(`${UPLOAD_IDS_FIELD}[]`, id);
    }
  }
  return uploadWithProgress<SubmissionAnswer | null>(SUBMISSION_PATH, body, { signal: transfer.signal }).then(
    submissionSent,
  );
}

/** The form's field of the files sent beforehand (server/features/resumable-uploads). */
const UPLOAD_IDS_FIELD = 'upload_ids';

/** An answer read whole, status and body: what the form makes of the server's every reply. */
export function readAnswer(answer: { status: number; body: unknown }): SendResult {
  if (answer.status >= 200 && answer.status < 300) return submissionSent(answer.body as SubmissionAnswer);
  const said = readRefusal(apiErrorOf(answer.status, answer.body), SUBMISSION_FIELD_KEYS);
  const { message, errors } = submissionRefusal(answer.status, said);
  return { ok: false, title: sendMessages.errorTitle, message, fieldErrors: errors };
}

export function networkFailure(): SendResult {
  return { ok: false, title: sendMessages.errorTitle, message: sendMessages.network, fieldErrors: {} };
}
