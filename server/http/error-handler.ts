import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, NotFoundError } from '#server/errors';
import { asUnavailable } from './unavailable';

/** Errors raised by body parsers and multer carry these; map them to our French messages. */
interface ParserError {
  type?: string;
  status?: number;
  statusCode?: number;
}

function fromParserError(err: ParserError): AppError | null {
  if (err.type === 'entity.too.large') return new AppError(413, 'Requête trop volumineuse.');
  if (err.type === 'entity.parse.failed') return new AppError(400, 'Corps de requête JSON invalide.');
  if (err.type === 'charset.unsupported' || err.type === 'encoding.unsupported') {
    return new AppError(415, 'Encodage de la requête non pris en charge.');
  }
  // Anything else a framework layer marks as a client error (e.g. a route parameter with
  // malformed percent-encoding) is the client's fault, not a 500.
  const status = err.status ?? err.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return new AppError(
      status === 413 ? 413 : 400,
      status === 413 ? 'Requête trop volumineuse.' : 'Requête invalide.',
    );
  }
  return null;
}

/** Unknown /api paths answer JSON, never the HTML 404 page. */
export const apiNotFound: RequestHandler = (_req, _res, next) => {
  next(new NotFoundError('Route API introuvable.'));
};

/**
 * The one place an error becomes a response: `{ message, errors? }`, the shape product rules,
 * Messages and errors reads. A stack trace never reaches a client; programmer errors are logged
 * with the request id (server/http/request-logging.ts gives every request `req.log`).
 */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  // An outage (database, disk) is a 503 with Retry-After, whatever layer it surfaced in.
  const known = err instanceof AppError ? err : (asUnavailable(err) ?? fromParserError(err as ParserError));
  if (res.headersSent) {
    req.log?.error({ err }, 'erreur après envoi des en-têtes');
    res.destroy();
    return;
  }
  if (known) {
    if (known.status >= 500) req.log?.error({ err }, known.message);
    for (const [name, value] of Object.entries(known.headers ?? {})) res.setHeader(name, value);
    res
      .status(known.status)
      .json(known.errors ? { message: known.message, errors: known.errors } : { message: known.message });
    return;
  }
  req.log?.error({ err }, 'erreur inattendue');
  res.status(500).json({ message: 'Erreur interne du serveur. Veuillez réessayer plus tard.' });
};
