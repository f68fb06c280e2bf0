import type { FieldErrors } from '#shared/field-errors';
import { FORBIDDEN_MESSAGE } from '#shared/roles';

/**
 * Operational errors: thrown anywhere, turned into `{ message, errors? }` with the right
 * status by the one handler in server/http/error-handler.ts (product rules, Messages and errors reads that
 * shape). Anything that is not an AppError is a programmer error: logged with its stack,
 * answered as a plain 500 without details.
 */
export type { FieldErrors };

export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    /** Extra response headers, e.g. Retry-After on 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export class BadRequestError extends AppError {
  constructor(message = 'Requête invalide.') {
    super(400, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Non authentifié. Veuillez vous connecter.') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = FORBIDDEN_MESSAGE) {
    super(403, message);
  }
}

/** Product rules, Security: a write sent by another site's page (server/http/same-origin.ts). */
export const CROSS_SITE_MESSAGE = 'Requête refusée : elle ne vient pas du site.';

export class CrossSiteRequestError extends ForbiddenError {
  constructor() {
    super(CROSS_SITE_MESSAGE);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Ressource introuvable.') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message = 'Requête trop volumineuse.') {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message = 'Type de contenu non pris en charge.') {
    super(415, message);
  }
}

export class ValidationError extends AppError {
  constructor(errors: FieldErrors, message = 'Erreur de validation') {
    super(422, message, errors);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds?: number) {
    super(
      429,
      message,
      undefined,
      retryAfterSeconds ? { 'Retry-After': String(retryAfterSeconds) } : undefined,
    );
  }
}

/** Seconds a client is asked to wait after a 503: long enough for a database restart. */
export const RETRY_AFTER_SECONDS = 10;

export const UNAVAILABLE_MESSAGES = {
  database:
    'Service momentanément indisponible : la base de données ne répond pas. Veuillez réessayer dans quelques instants.',
  storage:
    'Service momentanément indisponible : le stockage des fichiers ne répond pas. Veuillez réessayer dans quelques instants.',
  redis:
    'Service momentanément indisponible : Redis, partagé par les instances du site, ne répond pas. Veuillez réessayer dans quelques instants.',
} as const;

/**
 * The site cannot serve right now through no fault of the client (docs/decisions/0012-
 * shutdown-order-and-honest-faults.md): 503 with Retry-After, never a 200 with empty
 * content nor a 500.
 */
export class ServiceUnavailableError extends AppError {
  constructor(readonly failing: keyof typeof UNAVAILABLE_MESSAGES) {
    super(503, UNAVAILABLE_MESSAGES[failing], undefined, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
  }
}
