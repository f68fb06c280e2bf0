import { useEffect, useState } from 'react';
import { api, ApiError } from '../lib/api-client';
import { clearSession, storedToken, storedUser, storeUser, type SessionUser } from './session-storage';

export type SessionState =
  | { status: 'checking' }
  | { status: 'anonymous' }
  | { status: 'authenticated'; user: SessionUser };

/**
 * Session check at start (spec section 4). Starts in 'checking' on the server and on the
 * client alike, so the hydrated markup matches; local storage is read only after hydration.
 */
export function useSession(): SessionState {
  const [state, setState] = useState<SessionState>({ status: 'checking' });

  useEffect(() => {
    const token = storedToken();
    const saved = storedUser();
    if (!token) {
      setState(saved ? { status: 'authenticated', user: saved } : { status: 'anonymous' });
      return;
    }
    const controller = new AbortController();
    api<{ user?: SessionUser } & Partial<SessionUser>>('/auth/user', { token, signal: controller.signal })
      .then((body) => {
        const user = (body.user ?? body) as SessionUser;
        storeUser(user);
        setState({ status: 'authenticated', user });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        // A network failure keeps the stored user; a refused token ends the session.
        const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
        if (!refused && saved) {
          setState({ status: 'authenticated', user: saved });
          return;
        }
        clearSession();
        setState({ status: 'anonymous' });
      });
    return () => controller.abort();
  }, []);

  return state;
}
