import type { Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { AppError, PayloadTooLargeError, ValidationError } from '#server/errors';
import type { StorageLayout } from '#server/storage/layout';
import { BoundedDiskStorage, type UploadRefusal } from './bounded-disk-storage';
import { lingerAfterAnswer } from './lingering-close';

/**
 * The one multipart parser (multer 2 over busboy). Files land in storage/tmp under random
 * names, on the same filesystem as their final folder, so keeping one is a rename.
 *
 * Every limit is enforced while the bytes arrive, with or without Content-Length
 * (bounded-disk-storage.ts): a file over its size, a request over its total, a field past
 * its count or an unexpected file field is refused at once, so a refused request never
 * leaves more than its limit on disk. The answer leaves at once too, with
 * `Connection: close` (multer alone would read the body to its end before answering); the
 * rest of the body is then read and thrown away, within bounds, so that the client reads
 * the answer rather than a reset (lingering-close.ts). Whatever the handler did not move
 * away is deleted when the response ends: a refused, broken or aborted upload leaves
 * nothing behind.
 *
 * A malformed body (truncated, missing or wrong boundary, garbage, a broken part header)
 * is the client's mistake: 400 with a French message, never a 500. A client that goes
 * away mid-upload is logged at `info` (request-logging.ts).
 *
 * Field names and file names are read as UTF-8 (docs/product-rules.md, "Wire details":
 * `numéro`, 'Plan façade.pdf'); multer's default for file names is latin1.
 */
export interface MultipartOptions {
  /** Accepted file fields; any other file field is refused. */
  files: FileField[];
  /** Bytes per file. */
  maxFileSize: number;
  /** Answer when a file is over maxFileSize (413), given the file's name. */
  tooLargeMessage: string | ((fileName: string) => string);
  /** Bytes of all files of one request together, and the answer past it (413). */
  maxTotalSize?: number;
  totalTooLargeMessage?: string;
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
/** Part headers per part (busboy's default is 2000): a few are all a form ever sends. */
const PART_HEADER_PAIRS_LIMIT = 20;
const MALFORMED = 'Formulaire multipart invalide : le corps de la requête est incomplet ou mal formé.';

export function uploadedFiles(req: Request): Express.Multer.File[] {
  const files = req.files;
  if (!files) return req.file ? [req.file] : [];
  return Array.isArray(files) ? files : Object.values(files).flat();
}

/** Files of one field, in the order the client sent them. */
export function filesOf(req: Request, field: string): Express.Multer.File[] {
  return uploadedFiles(req).filter((file) => file.fieldname === field);
}

function tooManyFiles(field?: FileField): ValidationError {
  const { field: key, message } = field?.tooMany ?? { field: 'fichiers', message: 'Trop de fichiers.' };
  return new ValidationError({ [key]: [message] }, message);
}

/** The client went away mid-request: nobody reads the answer, and it is not our failure. */
export class ClientAbortedError extends AppError {
  override name = 'ClientAbortedError';
  constructor() {
    super(400, 'Requête interrompue par le client.');
  }
}

function refusalError(refusal: UploadRefusal, options: MultipartOptions): AppError {
  switch (refusal.kind) {
    case 'file-too-large': {
      const message = options.tooLargeMessage;
      return new PayloadTooLargeError(typeof message === 'string' ? message : message(refusal.fileName));
    }
    case 'total-too-large':
      return new PayloadTooLargeError(options.totalTooLargeMessage ?? 'Requête trop volumineuse.');
    case 'too-many':
      return tooManyFiles(options.files.find((f) => f.name === refusal.field));
    case 'unexpected-field':
      return new ValidationError(
        { [refusal.field || 'fichier']: ['Champ de fichier inattendu.'] },
        'Champ de fichier inattendu.',
      );
  }
}

/** What multer and busboy report, in our words. Storage failures (errno codes) stay as they are. */
function translate(error: unknown, req: Request): unknown {
  if (error instanceof AppError) return error;
  if (req.readableAborted || (req.destroyed && !req.complete)) return new ClientAbortedError();
  if (error instanceof multer.MulterError) {
    switch (error.code) {
      case 'LIMIT_FILE_COUNT':
        return tooManyFiles();
      case 'LIMIT_FIELD_VALUE':
        return new PayloadTooLargeError('Un champ du formulaire est trop long.');
      case 'LIMIT_FIELD_COUNT':
      case 'LIMIT_PART_COUNT':
        return new PayloadTooLargeError('Le formulaire contient trop de champs.');
      default:
        return new AppError(400, MALFORMED);
    }
  }
  const code = (error as NodeJS.ErrnoException | null)?.code;
  // ENOSPC, EACCES, EROFS…: the server's disk, not the client's body.
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code) && code !== 'ECONNRESET') return error;
  // Busboy's own errors ("Unexpected end of form", "Malformed part header", "Boundary not
  // found", an unsupported content type…) all describe the body the client sent.
  return new AppError(400, MALFORMED);
}

/**
 * Answers without waiting for the rest of the body: the connection closes after the
 * answer, once the rest has been read and thrown away or a bound of LINGER is passed
 * (lingering-close.ts), so a refused request costs at most its limit and that bound.
 */
export function closeAfterAnswer(req: Request, res: Response): void {
  if (req.complete || res.headersSent) return;
  res.setHeader('Connection', 'close');
  lingerAfterAnswer(req, res);
}

/**
 * Marks a handler that reads a multipart body, so the hostile-input tests find every such
 * route in the router (tests/integration/hostile-uploads.test.ts) and none is forgotten.
 */
export const READS_MULTIPART = Symbol.for('edifier.readsMultipart');

export function markMultipart<T extends RequestHandler>(handler: T): T {
  return Object.assign(handler, { [READS_MULTIPART]: true });
}

export function multipart(layout: StorageLayout, options: MultipartOptions): RequestHandler {
  const storage = new BoundedDiskStorage(layout.tmpDir, {
    fields: options.files,
    maxFileSize: options.maxFileSize,
    maxTotalSize: options.maxTotalSize ?? Number.POSITIVE_INFINITY,
  });
  const parser = multer({
    storage,
    defParamCharset: 'utf8',
    limits: {
      // Backstops: the storage refuses first, naming the file or the field.
      fileSize: options.maxFileSize + 1,
      files: options.files.reduce((sum, f) => sum + f.maxCount, 0) + 1,
      fields: FIELD_COUNT_LIMIT,
      fieldSize: FIELD_VALUE_LIMIT,
      headerPairs: PART_HEADER_PAIRS_LIMIT,
    },
  }).any();

  return markMultipart((req, res, next) => {
    res.on('close', () => void storage.removeAll(req));
    let settled = false;
    const settle = (error?: unknown): void => {
      if (settled) return;
      settled = true;
      if (error === undefined || error === null) return next();
      closeAfterAnswer(req, res);
      // Nothing of a refused request stays on disk once it is answered.
      void storage.removeAll(req).then(() => next(translate(error, req)));
    };
    // A refusal found by the storage answers now; multer's own callback, which comes only
    // once the rest of the body has been read and thrown away, is then ignored.
    storage.onRefusal(req, (refusal) => settle(refusalError(refusal, options)));
    parser(req, res, (error?: unknown) => settle(error));
  });
}
