import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_MAX_COUNT,
  ATTACHMENTS_TOTAL_MAX_BYTES,
  isAcceptedAttachmentName,
  submissionMessages,
  type SelectedFile,
} from '#shared/submission-rules';

/**
 * The attachments a visitor picks, in several goes (product rules, Validation; product rules: at most 10).
 * A file is refused at the moment it is picked, with the message that names it, so the
 * list on screen is always one the server accepts by size and count: a wrong extension,
 * a file over 10 MB, the eleventh file, or one that would take the total over 25 MB.
 * The server still checks everything again, bytes included.
 */
export interface PickedFile extends SelectedFile {
  lastModified: number;
}

export interface Selection<T extends PickedFile> {
  files: T[];
  /** One message per refused file, in the order they were picked. */
  refused: string[];
}

const sameFile = (a: PickedFile, b: PickedFile) =>
  a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

export function addFiles<T extends PickedFile>(current: readonly T[], picked: readonly T[]): Selection<T> {
  const files = [...current];
  const refused: string[] = [];
  let total = files.reduce((sum, file) => sum + file.size, 0);
  for (const file of picked) {
    // The same file picked twice is one attachment, silently.
    if (files.some((kept) => sameFile(kept, file))) continue;
    let problem: string | null = null;
    if (!isAcceptedAttachmentName(file.name)) problem = submissionMessages.fileTypeRefused(file.name);
    else if (file.size > ATTACHMENT_MAX_BYTES) problem = submissionMessages.fileTooLarge(file.name);
    else if (files.length >= ATTACHMENTS_MAX_COUNT) problem = submissionMessages.tooManyFiles;
    else if (total + file.size > ATTACHMENTS_TOTAL_MAX_BYTES) problem = submissionMessages.totalTooLarge;
    if (problem) {
      // The count message once, however many files overflow.
      if (!refused.includes(problem)) refused.push(problem);
      continue;
    }
    files.push(file);
    total += file.size;
  }
  return { files, refused };
}
