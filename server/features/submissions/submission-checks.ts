import {
  ATTACHMENT_NAME_MAX,
  attachmentLimitProblem,
  submissionMessages,
  submissionSchema,
  type SubmissionInput,
} from '#shared/schemas/submission';
import { PayloadTooLargeError, ValidationError, type FieldErrors } from '#server/errors';
import { parseInput } from '#server/http/parse-input';
import { checkAttachment, type AttachmentKind } from './attachment-content';

/**
 * What a submission must be before anything is stored (product rules, Entities and
 * Validation): the limits, the fields, the bytes of every file, in that order. The service
 * (submissions.service.ts) stores what passes.
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

export interface CheckedFile extends ReceivedFile {
  kind: AttachmentKind;
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

/**
 * One resumable upload of a submission, judged when its last byte arrives
 * (server/features/resumable-uploads): the same name and content rules as a multipart
 * attachment; null when accepted, else the message naming the file.
 */
export async function checkUploadedAttachment(fileName: string, filePath: string): Promise<string | null> {
  const { problems } = await checkFiles([
    { path: filePath, originalName: fileName.normalize('NFC'), size: 0 },
  ]);
  return problems[0] ?? null;
}

/** The fields and the files of a submission that passed every check; a 413 or a 422 otherwise. */
export async function checkSubmission(
  body: unknown,
  received: readonly ReceivedFile[],
): Promise<{ input: SubmissionInput; files: CheckedFile[] }> {
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
  return { input, files: checked };
}
