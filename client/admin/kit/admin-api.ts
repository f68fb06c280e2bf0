import { api, API_BASE, ApiError, readError, type ApiOptions } from '#client/lib/api-client';
import { uploadWithProgress, type UploadOptions } from '#client/lib/upload-with-progress';
import { currentPath, reportForbidden } from './forbidden';
import { endSession, mergeUser, replaceToken } from './session';
import { storedToken, type SessionUser } from './session-storage';
import { decodeTokenPayload, shouldRenewToken } from './token-payload';
import { toast } from './toast';

/**
 * The back office's calls: the one API client (client/lib/api-client.ts) plus the session.
 * - adds the stored `access_token` (read at each call: another tab may have renewed it);
 * - renews the token through POST /auth/refresh once less than half its life is left
 *   (product rules: renewed while in use), one renewal at a time;
 * - a 401 (expired or revoked token) ends the session: the layout sends the administrator
 *   to /login with `state.from`, and form drafts bring the typed values back afterwards;
 * - a 403 (a role outside the route's access) is reported to forbidden.ts before it is
 *   thrown: the user is read again, and the page shows the refusal unless the call was a
 *   `background` one (the sidebar's badge), whose failure the screen does not depend on;
 * - any other failure, network ones included, is thrown as is (the stored user is kept,
 *   product rules, States).
 */
export type AdminApiOptions = Omit<ApiOptions, 'token'> & {
  /** A call the screen does not depend on: its 403 leaves the screen as it is. */
  background?: boolean;
};

export async function adminApi<T>(path: string, options: AdminApiOptions = {}): Promise<T> {
  const { background, ...rest } = options;
  return withSession((token) => api<T>(path, { ...rest, token }), background);
}

/**
 * A raw Response for answers that are not JSON (the submissions' zip): the same token,
 * renewal and 401 handling as adminApi; any other status is returned for the caller to read.
 */
export async function adminFetch(
  path: string,
  options: { accept?: string; signal?: AbortSignal } = {},
): Promise<Response> {
  return withSession(async (token) => {
    const headers: Record<string, string> = { Accept: options.accept ?? 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const pathname = currentPath();
    const response = await fetch(`${API_BASE}${path}`, { headers, signal: options.signal });
    if (response.status === 401) throw await readError(response);
    if (response.status === 403) await reportForbidden(pathname);
    return response;
  });
}

/** Whether a token is stored (deletions and offer saves say so when it is not, product rules, Validation). */
export function hasToken(): boolean {
  return Boolean(storedToken());
}

/** Errors of calls whose 401 ended the session (a sign-in's own 401 is not one). */
const sessionEnds = new WeakSet<object>();

/** The 401 that ended the session: screens skip their failure toast for it. */
export function isSessionEnd(error: unknown): boolean {
  return typeof error === 'object' && error !== null && sessionEnds.has(error);
}

/** Lists answer `{ data: [...] }`; the clients still accept a bare array (product rules). */
export function listData<T>(answer: { data?: T[] } | T[] | null | undefined): T[] {
  if (Array.isArray(answer)) return answer;
  return Array.isArray(answer?.data) ? answer.data : [];
}

/** One item answers `{ data: {...} }`; a bare object is accepted too. */
export function itemData<T>(answer: { data?: T } | T): T {
  return answer && typeof answer === 'object' && 'data' in answer && answer.data !== undefined
    ? (answer.data as T)
    : (answer as T);
}

export type AdminUploadOptions = Omit<UploadOptions, 'token'>;

/**
 * A multipart request with upload progress: the site's one uploadWithProgress
 * (client/lib/upload-with-progress.ts) with the same token, renewal and 401 handling as
 * adminApi. A network failure rejects with a TypeError, as fetch does.
 */
export function adminUpload<T>(path: string, body: FormData, options: AdminUploadOptions = {}): Promise<T> {
  return withSession((token) => uploadWithProgress<T>(path, body, { ...options, token }));
}

/**
 * Saves an entity from a multipart form with the upload's progress: a creation is POST
 * `{collection}`, an update POST `{collection}/{id}` (its form data carries `_method=PUT`,
 * docs/decisions/0004-api-conventions.md). Answers the saved entity's `{ data }`.
 */
export function saveWithProgress<T>(
  collection: string,
  id: string | number | undefined,
  body: FormData,
  onProgress?: (share: number) => void,
): Promise<{ data: T }> {
  return adminUpload<{ data: T }>(id === undefined ? collection : `${collection}/${id}`, body, {
    onProgress,
  });
}

async function withSession<T>(call: (token: string | null) => Promise<T>, background = false): Promise<T> {
  const pathname = currentPath();
  await renewTokenIfDue();
  const token = storedToken();
  try {
    return await call(token);
  } catch (error) {
    if (error instanceof ApiError && error.status === 403 && !background) await reportForbidden(pathname);
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    // A renewal (here or in another tab) revoked the token this call carried: try once
    // more with the new one before ending the session.
    const now = storedToken();
    if (now && now !== token) {
      try {
        return await call(now);
      } catch (second) {
        if (!(second instanceof ApiError) || second.status !== 401) throw second;
      }
    }
    sessionExpired();
    sessionEnds.add(error);
    throw error;
  }
}

function sessionExpired(): void {
  toast({
    title: 'Session expirée',
    description: 'Veuillez vous reconnecter : votre saisie en cours sera restaurée.',
    variant: 'destructive',
    keepOnNextPage: true,
  });
  endSession('expired');
}

let renewing: Promise<void> | null = null;

/**
 * Renews the stored token when less than half its life is left (token-payload.ts). Calls
 * made meanwhile wait for the renewal, since it revokes the old token. A refused renewal
 * ends the session; a network failure leaves the token as it is.
 */
export function renewTokenIfDue(nowSeconds = Math.floor(Date.now() / 1000)): Promise<void> {
  if (renewing) return renewing;
  const token = storedToken();
  if (!shouldRenewToken(decodeTokenPayload(token), nowSeconds)) return Promise.resolve();
  renewing = (async () => {
    try {
      const answer = await api<{ access_token?: string; token?: string; user?: SessionUser }>(
        '/auth/refresh',
        {
          method: 'POST',
          token,
        },
      );
      const fresh = answer.access_token ?? answer.token;
      // Only if nothing replaced the token meanwhile (a sign-in in another tab).
      if (fresh && storedToken() === token) replaceToken(fresh);
      if (answer.user) mergeUser(answer.user);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && storedToken() === token) sessionExpired();
    } finally {
      renewing = null;
    }
  })();
  return renewing;
}
