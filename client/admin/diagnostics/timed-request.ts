/**
 * Product rules, Limits and constants: every diagnostic request gives up after 5 s. The screen's own signal
 * (leaving the page) is kept beside the timeout, so an abort and a timeout stay apart.
 */
export const DIAGNOSTIC_TIMEOUT_MS = 5000;

export function timeoutSignal(signal?: AbortSignal, ms = DIAGNOSTIC_TIMEOUT_MS): AbortSignal {
  const timeout = AbortSignal.timeout(ms);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** AbortSignal.timeout rejects fetch with a DOMException named TimeoutError. */
export function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'TimeoutError';
}

/** The screen went away (or the user started the check again): nothing to show. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** fetch rejects with a TypeError when no answer came at all (server down, CORS, offline). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
