import { api, API_BASE, ApiError, readAnswer } from '#client/lib/api-client';
import { storedToken, type SessionUser } from '#client/admin/kit';
import type { CheckResult } from './check-result';
import { authDiagnosticMessages } from './diagnostic-messages';
import type { HealthAnswer, ImageServiceAnswer } from './diagnostic-types';
import { isNetworkError, isTimeout, timeoutSignal } from './timed-request';

/**
 * The three checks of the auth diagnostic (product rules, Pages and routes and Messages and errors; in English, product rules).
 * They call the API with the stored token directly, not through adminApi: a refused token
 * is what this screen exists to show, so it is reported here instead of ending the session.
 */

/** Why no answer came, in English; null when the error is of no known kind. */
export function englishFailure(error: unknown): string | null {
  if (isTimeout(error)) return 'The request timed out (no answer within 5 seconds)';
  if (isNetworkError(error)) return 'Network error: the server may be unreachable';
  if (error instanceof ApiError) return `HTTP ${error.status}: ${error.message}`;
  return null;
}

export async function checkApiConnection(signal?: AbortSignal): Promise<CheckResult> {
  try {
    const response = await fetch(`${API_BASE}/health-check`, {
      headers: { Accept: 'application/json' },
      signal: timeoutSignal(signal),
    });
    if (!response.ok)
      return { status: 'error', message: `HTTP error: ${response.status} ${response.statusText}`.trimEnd() };
    const answer = await readAnswer<HealthAnswer>(response);
    const message = `API reachable. Status: ${answer.status}, environment: ${answer.environment}`;
    return { status: answer.status === 'ok' ? 'success' : 'warning', message };
  } catch (error) {
    if (signal?.aborted) throw error;
    const known = englishFailure(error);
    return known
      ? { status: 'error', message: known }
      : { status: 'error', message: authDiagnosticMessages.unknownApiError };
  }
}

/** GET /auth/user with the stored token (product rules, API). */
export async function checkAuthService(signal?: AbortSignal): Promise<CheckResult> {
  const token = storedToken();
  if (!token) return { status: 'warning', message: authDiagnosticMessages.noToken };
  try {
    const answer = await api<{ user?: SessionUser } & Partial<SessionUser>>('/auth/user', {
      token,
      signal: timeoutSignal(signal),
    });
    const user = answer.user ?? answer;
    return {
      status: 'success',
      message: `Token accepted: signed in as ${user.name ?? 'unknown'} (${user.email ?? 'no e-mail'})`,
    };
  } catch (error) {
    if (signal?.aborted) throw error;
    const reason = englishFailure(error);
    return {
      status: 'error',
      message: authDiagnosticMessages.verificationFailed,
      ...(reason ? { detail: reason } : {}),
    };
  }
}

/** GET /test-images with the stored token (administrators only, product rules). */
export function imageServiceEnglish(answer: ImageServiceAnswer): CheckResult {
  const link = answer.storage_link
    ? `storage link ${answer.storage_link.exists ? 'present' : 'missing'}`
    : 'storage link not reported';
  if (answer.status === 'ok') return { status: 'success', message: `Image service is working (${link})` };
  const detail = answer.message ?? `status ${answer.status}`;
  if (answer.status === 'warning')
    return { status: 'warning', message: `Image service answered with a warning (${link})`, detail };
  return { status: 'error', message: `Image service reports an error (${link})`, detail };
}

export async function checkImageServiceEnglish(signal?: AbortSignal): Promise<CheckResult> {
  const token = storedToken();
  if (!token) return { status: 'warning', message: authDiagnosticMessages.noToken };
  try {
    return imageServiceEnglish(
      await api<ImageServiceAnswer>('/test-images', { token, signal: timeoutSignal(signal) }),
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    return { status: 'error', message: englishFailure(error) ?? authDiagnosticMessages.unknownImageError };
  }
}
