import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Request, RequestHandler } from 'express';
import multer from 'multer';
import { AppError, PayloadTooLargeError, ValidationError } from '#server/errors';
import type { StorageLayout } from '#server/storage/layout';

/**
 * The one multipart parser (multer 2). Files land in storage/tmp under random names, on
 * the same filesystem as their final folder, so keeping one is a rename. Whatever the
 * handler did not move away is deleted when the response ends, and multer itself removes
 * the files of a request that fails or is aborted mid-upload: a refused or broken upload
 * leaves nothing behind.
 *
 * Field names and file names are read as UTF-8 (rulings, "Wire details": `numéro`,
 * 'Plan façade.pdf'); multer's default for file names is latin1.
 */
export interface MultipartOptions {
  /** Accepted file fields; any other file field is refused. */
  files: FileField[];
  /** Bytes per file. */
  maxFileSize: number;
  /** Answer when a file is over maxFileSize (413). */
  tooLargeMessage: string;
}

export interface FileField {
  name: string;
  maxCount: number;
  /**
   * Answer when this field gets more than maxCount files (422): the message and the key of
   * the errors map it goes under (`gallery` for `gallery[]`). Without it, a generic message.
   */
  tooMany?: { field: string; message: string };
}

const FIELD_VALUE_LIMIT = 64 * 1024;
const FIELD_COUNT_LIMIT = 200;

export function uploadedFiles(req: Request): Express.Multer.File[] {
  const files = req.files;
  if (!files) return req.file ? [req.file] : [];
  return Array.isArray(files) ? files : Object.values(files).flat();
}

/** Files of one field, in the order the client sent them. */
export function filesOf(req: Request, field: string): Express.Multer.File[] {
  const files = req.files;
  if (!files || Array.isArray(files)) return [];
  return files[field] ?? [];
}

function removeLeftovers(files: Express.Multer.File[]): void {
  // A file still being received when the client went away has no path yet: multer
  // removes its partial file itself.
  for (const file of files) if (file.path) void rm(file.path, { force: true }).catch(() => undefined);
}

function tooManyFiles(field?: FileField): ValidationError {
  const { field: key, message } = field?.tooMany ?? { field: 'fichiers', message: 'Trop de fichiers.' };
  return new ValidationError({ [key]: [message] }, message);
}

function translate(error: unknown, options: MultipartOptions): AppError | unknown {
  if (!(error instanceof multer.MulterError)) return error;
  switch (error.code) {
    case 'LIMIT_FILE_SIZE':
      return new PayloadTooLargeError(options.tooLargeMessage);
    case 'LIMIT_FILE_COUNT':
      // A backstop: limits.files (below) lets the overflowing file reach its field's count first.
      return tooManyFiles();
    case 'LIMIT_UNEXPECTED_FILE': {
      // A declared field past its maxCount also arrives as LIMIT_UNEXPECTED_FILE.
      const declared = options.files.find((f) => f.name === error.field);
      if (declared) return tooManyFiles(declared);
      return new ValidationError(
        { [error.field ?? 'fichier']: ['Champ de fichier inattendu.'] },
        'Champ de fichier inattendu.',
      );
    }
    case 'LIMIT_FIELD_VALUE':
      return new PayloadTooLargeError('Un champ du formulaire est trop long.');
    default:
      return new AppError(400, 'Formulaire multipart invalide.');
  }
}

export function multipart(layout: StorageLayout, options: MultipartOptions): RequestHandler {
  const parser = multer({
    storage: multer.diskStorage({
      destination: layout.tmpDir,
      filename: (_req, _file, done) => done(null, `upload-${randomBytes(12).toString('hex')}`),
    }),
    defParamCharset: 'utf8',
    limits: {
      fileSize: options.maxFileSize,
      // One more than the fields hold: the file that overflows then reaches multer's
      // per-field check, which names its field (busboy's own count would not), and is
      // refused there before a byte of it is written.
      files: options.files.reduce((sum, f) => sum + f.maxCount, 0) + 1,
      fields: FIELD_COUNT_LIMIT,
      fieldSize: FIELD_VALUE_LIMIT,
    },
  }).fields(options.files);

  return (req, res, next) => {
    res.on('close', () => removeLeftovers(uploadedFiles(req)));
    parser(req, res, (error?: unknown) => {
      if (error === undefined || error === null) return next();
      next(translate(error, options));
    });
  };
}
