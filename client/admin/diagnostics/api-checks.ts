import { API_BASE, ApiError, readAnswer } from '#client/lib/api-client';
import type { CheckResult } from './check-result';
import { healthMessages, imageCheckMessages } from './diagnostic-messages';
import type { HealthAnswer, ImageServiceAnswer } from './diagnostic-types';
import { isNetworkError, isTimeout, timeoutSignal } from './timed-request';

/**
 * The checks of the API diagnostic (product rules, Pages and routes, API and Messages and errors) and the outcome each answer
 * maps to. The fetching functions are thin; the mapping functions are pure and unit-tested.
 */

/** Why a request got no usable answer, in the words that fit what was asked. */
export function failureMessage(error: unknown, kind: 'connection' | 'request'): string | null {
  if (isTimeout(error))
    return kind === 'connection' ? healthMessages.connectionTimeout : healthMessages.requestTimeout;
  if (isNetworkError(error))
    return kind === 'connection' ? healthMessages.connectionNetwork : healthMessages.requestNetwork;
  if (error instanceof ApiError) return error.message;
  return null;
}

/** GET /health-check answered: success when the API says 'ok'. */
export function healthOutcome(answer: HealthAnswer): CheckResult {
  const message = healthMessages.connected(String(answer.status), String(answer.environment));
  return { status: answer.status === 'ok' ? 'success' : 'warning', message };
}

/**
 * GET /health-check (public, no token): 'Erreur HTTP: {status} {text}' reads the status
 * line, so the answer is read here rather than through api(), whose error carries the body's
 * message only; a success body goes through the one reader all the same.
 */
export async function checkApiHealth(signal?: AbortSignal): Promise<CheckResult> {
  try {
    const response = await fetch(`${API_BASE}/health-check`, {
      headers: { Accept: 'application/json' },
      signal: timeoutSignal(signal),
    });
    if (!response.ok)
      return { status: 'error', message: healthMessages.httpError(response.status, response.statusText) };
    return healthOutcome(await readAnswer<HealthAnswer>(response));
  } catch (error) {
    if (signal?.aborted) throw error;
    return { status: 'error', message: failureMessage(error, 'connection') ?? String(error) };
  }
}

/** GET /test-images answered: the server's status and message, and the storage link. */
export function imageServiceOutcome(answer: ImageServiceAnswer): CheckResult {
  const status = answer.status === 'ok' ? 'success' : answer.status === 'warning' ? 'warning' : 'error';
  const link = answer.storage_link;
  const detail = link ? `Lien de stockage : ${link.exists ? 'présent' : 'absent'}` : undefined;
  return {
    status,
    message: answer.message ?? `Statut du service d'images : ${answer.status}`,
    ...(detail ? { detail } : {}),
  };
}

/** A HEAD answer for an image URL (product rules, API: the content type must be image/*). */
export function imageHeadOutcome(
  status: number,
  statusText: string,
  contentType: string | null,
): CheckResult {
  if (status < 200 || status >= 300) {
    return {
      status: 'error',
      message: imageCheckMessages.accessError,
      detail: `HTTP ${status} ${statusText}`.trimEnd(),
    };
  }
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (!type.startsWith('image/')) {
    return {
      status: 'error',
      message: imageCheckMessages.notAnImage,
      detail: `Type reçu : ${type || 'aucun'}`,
    };
  }
  return { status: 'success', message: imageCheckMessages.accessible(type) };
}

/** HEAD on an image URL, 5 s at most. */
export async function checkImageUrl(url: string, signal?: AbortSignal): Promise<CheckResult> {
  if (!url.trim()) return { status: 'warning', message: imageCheckMessages.noPath };
  try {
    const response = await fetch(url, { method: 'HEAD', signal: timeoutSignal(signal) });
    return {
      ...imageHeadOutcome(response.status, response.statusText, response.headers.get('content-type')),
      target: url,
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    return {
      status: 'error',
      message: imageCheckMessages.accessError,
      detail: failureMessage(error, 'request') ?? String(error),
      target: url,
    };
  }
}
