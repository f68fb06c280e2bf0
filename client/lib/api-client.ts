/**
 * The one API client (product rules, API and Messages and errors). Every call goes to /api with
 * `Accept: application/json`, adds the bearer token when given, and turns a failure into
 * an ApiError carrying the French message product rules, Messages and errors describes.
 */
import { readFieldErrors, type FieldErrors } from '#shared/field-errors';

export const API_BASE = '/api';

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly errors?: FieldErrors,
    /** The `message` of the answer's JSON body as the server wrote it (public forms word their own). */
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

export interface ApiOptions {
  method?: string;
  token?: string | null;
  json?: unknown;
  body?: BodyInit;
  signal?: AbortSignal;
}

/**
 * What a refusal's JSON body says (docs/decisions/0004-api-conventions.md: `{ message }`, plus
 * `errors: { field: [messages] }` on a 422; some answers say `error`), whatever the body
 * holds: only strings are kept. The one reading of error bodies, for every client of the
 * API (apiErrorOf below).
 */
export function errorDetails(body: unknown): { message?: string; error?: string; errors?: FieldErrors } {
  if (!body || typeof body !== 'object') return {};
  const { message, error, errors } = body as Record<string, unknown>;
  const details: { message?: string; error?: string; errors?: FieldErrors } = {};
  if (typeof message === 'string') details.message = message;
  if (typeof error === 'string') details.error = error;
  if (errors && typeof errors === 'object') details.errors = readFieldErrors(errors);
  return details;
}

/** Exported for readers of raw Responses (the diagnostics; uploads go through readAnswer). */
export async function readError(response: Response): Promise<ApiError> {
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    return new ApiError(`Erreur HTTP: ${response.status} - Réponse non-JSON`, response.status);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    return new ApiError(
      `Erreur de format: Le serveur n'a pas renvoyé un JSON valide (${response.status})`,
      response.status,
    );
  }
  return apiErrorOf(response.status, body);
}

/** The ApiError of a refusal, from its status and its body as read (errorDetails). */
export function apiErrorOf(status: number, answer: unknown): ApiError {
  const body = errorDetails(answer);
  if (body.errors)
    return new ApiError(body.message ?? 'Erreur de validation', status, body.errors, body.message);
  const text = body.error ?? body.message;
  return new ApiError(text ?? `Erreur HTTP: ${status}`, status, undefined, body.message);
}

export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${API_BASE}${path}`, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
  return readAnswer<T>(response);
}

/**
 * The body of an answer, or the ApiError of a failure. Exported so that the one
 * XMLHttpRequest upload (upload-with-progress.ts, which wraps its reply in a Response)
 * reads answers the same way.
 */
export async function readAnswer<T>(response: Response): Promise<T> {
  if (!response.ok) throw await readError(response);
  if (response.status === 204) return undefined as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(
      `Erreur de format: Le serveur n'a pas renvoyé un JSON valide (${response.status})`,
      response.status,
    );
  }
}
