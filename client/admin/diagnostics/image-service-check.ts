import { adminApi, hasToken } from '#client/admin/kit';
import { imageServiceOutcome, failureMessage } from './api-checks';
import type { CheckResult } from './check-result';
import { tokenMessages } from './diagnostic-messages';
import type { ImageServiceAnswer } from './diagnostic-types';
import { timeoutSignal } from './timed-request';

/**
 * GET /test-images needs an administrator's token (product rules, Security): without one the
 * check is a warning (product rules, States) and no request is made. Through adminApi, so the
 * token is renewed like on every screen.
 */
export async function checkImageService(signal?: AbortSignal): Promise<CheckResult> {
  if (!hasToken()) return { status: 'warning', message: tokenMessages.missing };
  try {
    return imageServiceOutcome(
      await adminApi<ImageServiceAnswer>('/test-images', { signal: timeoutSignal(signal) }),
    );
  } catch (error) {
    if (signal?.aborted) throw error;
    return { status: 'error', message: failureMessage(error, 'request') ?? String(error) };
  }
}
