import type { Knex } from 'knex';
import {
  ATTACHMENT_NAME_MAX,
  attachmentLimitProblem,
  submissionMessages,
  submissionSchema,
  type SubmissionInput,
} from '#shared/schemas/submission';
import { toDbDateTime } from '#server/db/dialect';
import { PayloadTooLargeError, ValidationError, type FieldErrors } from '#server/errors';
import { parseInput } from '#server/http/parse-input';
import { randomName } from '#server/images/random-name';
import { REFERENCE_PREFIXES } from '#shared/references';
import { nextReference } from '#server/features/references/next-reference';
import { submissionPrefix } from '#server/storage/keys';
import type { StorageLayout } from '#server/storage/layout';
import type { MailDeps } from '#server/features/mail/mail-deps';
import { queueSubmissionMails } from '#server/features/mail/submission-mails';
import { issueTrackingToken, trackingUrl } from '#server/features/tracking/tracking-token';
import {
  ATTACHMENT_MIME_TYPES,
  STORED_EXTENSIONS,
  checkAttachment,
  type AttachmentKind,
} from './attachment-content';

/**
 * POST /submit-project once the body is parsed (product rules, Entities and Validation; product rules, API):
 * the limits, the fields, the bytes of every file, then the row, the attachment rows and
 * the files together. Files go from storage/tmp into the store's
 * private/submissions/{id}/ inside the transaction; if any step fails the
 * transaction rolls back and the folder goes, so a submission is stored whole or not at
 * all (the caller removes the temp files that were not moved).
 */

/** The key of attachment problems in a 422's errors map. */
export const ATTACHMENTS_ERROR_KEY = 'attachments';

export interface ReceivedFile {
  /** Where multer put it, under storage/tmp. */
  path: string;
  /** As the visitor named it, UTF-8. */
  originalName: string;
  size: number;
}

interface CheckedFile extends ReceivedFile {
  kind: AttachmentKind;
}

export interface IntakeDeps {
  db: Knex;
  layout: StorageLayout;
  /** The staff's notification and the client's confirmation (server/features/mail/). */
  mail: MailDeps['config'];
  now?: () => Date;
}

/** Product rules, Validation's order: the count (422), each size, the total (413). */
function enforceLimits(files: readonly ReceivedFile[]): void {
  const problem = attachmentLimitProblem(files.map((file) => ({ name: file.originalName, size: file.size })));
  if (!problem) return;
  if (problem.status === 413) throw new PayloadTooLargeError(problem.message);
  throw new ValidationError({ [ATTACHMENTS_ERROR_KEY]: [problem.message] }, problem.message);
}

function fieldErrors(body: unknown): { input: SubmissionInput | null; errors: FieldErrors } {
  try {
    return { input: parseInput(submissionSchema, body), errors: {} };
  } catch (error) {
    if (error instanceof ValidationError && error.errors) return { input: null, errors: error.errors };
    throw error;
  }
}

/** Every file judged by its bytes; one message per refused file, naming it. */
async function checkFiles(
  files: readonly ReceivedFile[],
): Promise<{ checked: CheckedFile[]; problems: string[] }> {
  const checked: CheckedFile[] = [];
  const problems: string[] = [];
  for (const file of files) {
    if (file.originalName.length > ATTACHMENT_NAME_MAX) {
      problems.push(submissionMessages.fileNameTooLong(`${file.originalName.slice(0, 40)}…`));
      continue;
    }
    const verdict = await checkAttachment(file.originalName, file.path);
    if (verdict.ok) checked.push({ ...file, kind: verdict.kind });
    else
      problems.push(
        verdict.reason === 'extension'
          ? submissionMessages.fileTypeRefused(file.originalName)
          : submissionMessages.fileContentMismatch(file.originalName),
      );
  }
  return { checked, problems };
}

/** What the visitor is told once the request is stored. */
export interface AcceptedSubmission {
  id: number;
  reference: string;
  /** The private tracking link's token: given once to the visitor, only its hash is stored. */
  trackingToken: string;
}

/** The visitor's answers as columns of project_submissions (and as the mails read them). */
function submissionFields(input: SubmissionInput) {
  return {
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email,
    phone: input.phone,
    company: input.company,
    project_title: input.projectTitle,
    project_type: input.projectType,
    location: input.location,
    budget: input.budget,
    description: input.description,
    start_date: input.startDate,
  };
}

async function store(
  deps: IntakeDeps,
  input: SubmissionInput,
  files: readonly CheckedFile[],
): Promise<AcceptedSubmission> {
  const now = (deps.now ?? (() => new Date()))();
  const stamp = toDbDateTime(now);
  // Set once the folder may exist (an object: the transaction callback assigns it).
  const written: { prefix: string | null } = { prefix: null };
  try {
    return await deps.db.transaction(async (trx) => {
      const reference = await nextReference(trx, REFERENCE_PREFIXES.submission, now);
      const [inserted] = await trx('project_submissions').insert({
        reference,
        ...submissionFields(input),
        status: 'new',
        admin_notes: null,
        contact_method: null,
        created_at: stamp,
        updated_at: stamp,
      });
      const id = Number(inserted);
      // In the same transaction: a stored request always has a working link, and the
      // client's confirmation carries it (docs/product-rules.md, "Tracking link").
      const trackingToken = await issueTrackingToken(trx, id);
      // Two rows in the outbox, in this transaction: the mails exist if and only if the
      // submission commits, and the visitor never waits for an SMTP server
      // (docs/decisions/0018-outbox-and-mail.md).
      await queueSubmissionMails(
        trx,
        {
          id,
          reference,
          ...submissionFields(input),
          tracking_url: trackingUrl(deps.mail.appUrl, trackingToken),
        },
        files.map((file) => ({ original_name: file.originalName, size: file.size })),
        { config: deps.mail, now },
      );
      if (files.length === 0) return { id, reference, trackingToken };

      const placed = files.map((file) => ({
        file,
        storedName: `${randomName(24)}.${STORED_EXTENSIONS[file.kind]}`,
      }));
      await trx('submission_attachments').insert(
        placed.map(({ file, storedName }) => ({
          submission_id: id,
          original_name: file.originalName,
          stored_name: storedName,
          mime_type: ATTACHMENT_MIME_TYPES[file.kind],
          size: file.size,
          created_at: stamp,
        })),
      );
      const prefix = submissionPrefix(id);
      written.prefix = prefix;
      // Local driver: renames (storage/tmp is on the same disk); s3: uploads.
      await deps.layout.files.putAll(
        placed.map(({ file, storedName }) => ({ key: `${prefix}${storedName}`, fromFile: file.path })),
      );
      return { id, reference, trackingToken };
    });
  } catch (error) {
    // Rolled back (or the commit failed): the files already moved go with their folder.
    if (written.prefix) await deps.layout.files.removeAll(written.prefix);
    throw error;
  }
}

export async function acceptSubmission(
  deps: IntakeDeps,
  body: unknown,
  received: readonly ReceivedFile[],
): Promise<AcceptedSubmission> {
  // macOS sends decomposed accents: stored composed, 'façade' is found and shown as typed.
  const files = received.map((file) => ({ ...file, originalName: file.originalName.normalize('NFC') }));
  enforceLimits(files);
  const { input, errors } = fieldErrors(body);
  const { checked, problems } = await checkFiles(files);
  if (problems.length > 0) errors[ATTACHMENTS_ERROR_KEY] = problems;
  if (!input || problems.length > 0) {
    const onlyFiles = input !== null;
    throw new ValidationError(errors, onlyFiles && problems.length === 1 ? problems[0] : undefined);
  }
  return store(deps, input, checked);
}
