import { api, ApiError } from '#client/lib/api-client';
import { adminApi } from '#client/admin/kit';

/**
 * Product rules, Pages and routes and API: at the start of the offer form, the API health check and the image
 * service check (with the token), 5 s each. Either one reporting 'warning' or 'error', or
 * failing, raises the banner 'Problèmes de connexion détectés'.
 */
export const CHECK_TIMEOUT_MS = 5000;

export interface CheckResult {
  ok: boolean;
  /** What went wrong, in French (product rules, Messages and errors's diagnostic wording); null when ok. */
  problem: string | null;
}

interface StatusAnswer {
  status?: string;
  message?: string;
}

/** Product rules, Messages and errors. */
const TIMED_OUT = 'La requête a expiré (délai dépassé)';
const NETWORK = 'Erreur réseau (serveur inaccessible)';

/** Reads a `{ status }` answer: anything but a warning or an error is healthy. */
export function readStatus(answer: StatusAnswer | null | undefined): CheckResult {
  const status = String(answer?.status ?? '').toLowerCase();
  if (status === 'warning' || status === 'error') {
    const fallback = status === 'warning' ? 'Avertissement' : 'Erreur';
    return { ok: false, problem: answer?.message || fallback };
  }
  return { ok: true, problem: null };
}

/** A failed call in words: the 5 s timeout, the network, or the server's message. */
export function readFailure(error: unknown, timedOut: boolean): CheckResult {
  if (timedOut) return { ok: false, problem: TIMED_OUT };
  if (error instanceof ApiError) return { ok: false, problem: error.message };
  return { ok: false, problem: NETWORK };
}

/**
 * Runs one check with its own 5 s limit; `cancel` (the screen going away) aborts it too.
 * Resolves null when cancelled, so a closed screen reports nothing.
 */
async function runCheck(
  call: (signal: AbortSignal) => Promise<StatusAnswer>,
  cancel: AbortSignal,
): Promise<CheckResult | null> {
  const timeout = AbortSignal.timeout(CHECK_TIMEOUT_MS);
  const signal = AbortSignal.any([cancel, timeout]);
  try {
    return readStatus(await call(signal));
  } catch (error) {
    if (cancel.aborted) return null;
    // A check outside the signed-in role's access says nothing about the connection.
    if (error instanceof ApiError && error.status === 403) return { ok: true, problem: null };
    return readFailure(error, timeout.aborted);
  }
}

export interface ConnectionReport {
  api: CheckResult;
  images: CheckResult;
}

export async function checkConnection(cancel: AbortSignal): Promise<ConnectionReport | null> {
  const [apiCheck, images] = await Promise.all([
    runCheck((signal) => api<StatusAnswer>('/health-check', { signal }), cancel),
    runCheck((signal) => adminApi<StatusAnswer>('/test-images', { signal, background: true }), cancel),
  ]);
  return apiCheck && images ? { api: apiCheck, images } : null;
}
