import { useSyncExternalStore } from 'react';
import { api, ApiError } from '#client/lib/api-client';
import { clearAllDrafts } from './drafts';
import {
  clearStoredSession,
  storedToken,
  storedUser,
  storeToken,
  storeUser,
  type SessionUser,
} from './session-storage';

/**
 * The administrator's session (product rules, States),
 * held outside React so that the API wrapper, the layout, the login
 * page and the profile screen share it. The server always renders 'checking' (no local
 * storage there), and so does the first client render: hydration matches.
 */
export type SessionState =
  | { status: 'checking' }
  | { status: 'authenticated'; user: SessionUser }
  /** `reason` tells the layout where to go: 'expired' returns to the page after sign-in. */
  | { status: 'anonymous'; reason: 'none' | 'expired' | 'logout' };

const CHECKING: SessionState = { status: 'checking' };
let state: SessionState = CHECKING;
let checking: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session, re-rendering on every change. */
export function useSession(): SessionState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => CHECKING,
  );
}

export function currentSession(): SessionState {
  return state;
}

/**
 * The check at start (product rules, States): with a stored token the current user is fetched;
 * a refused token (401/403) ends the session, any other failure keeps the stored user (or
 * logs out when there is none). With no token but a stored user, that user is used.
 * Runs once; later calls while authenticated do nothing.
 */
export function checkSession(): Promise<void> {
  if (state.status !== 'checking') return Promise.resolve();
  checking ??= (async () => {
    const token = storedToken();
    const saved = storedUser();
    if (!token) {
      set(saved ? { status: 'authenticated', user: saved } : { status: 'anonymous', reason: 'none' });
      return;
    }
    try {
      const body = await api<{ user?: SessionUser } & Partial<SessionUser>>('/auth/user', { token });
      const user = (body.user ?? body) as SessionUser;
      storeUser(user);
      set({ status: 'authenticated', user });
    } catch (error) {
      const refused = error instanceof ApiError && (error.status === 401 || error.status === 403);
      if (!refused && saved) {
        set({ status: 'authenticated', user: saved });
        return;
      }
      clearStoredSession();
      set({ status: 'anonymous', reason: 'none' });
    } finally {
      checking = null;
    }
  })();
  return checking;
}

/**
 * Reads the user again (a 403 may mean the role changed meanwhile) and stores it: answers
 * the role now held, or null when the check failed (the session stays as it was; a 401
 * is the kit's adminApi's to handle).
 */
export async function refreshUser(): Promise<string | null> {
  const token = storedToken();
  if (!token || state.status !== 'authenticated') return null;
  try {
    const body = await api<{ user?: SessionUser } & Partial<SessionUser>>('/auth/user', { token });
    const user = (body.user ?? body) as SessionUser;
    if (state.status !== 'authenticated') return null;
    mergeUser(user);
    return user.role;
  } catch {
    return null;
  }
}

/** Login success: stores both items and opens the session. */
export function signIn(token: string, user: SessionUser): void {
  storeToken(token);
  storeUser(user);
  set({ status: 'authenticated', user });
}

/** Profile update: merges the given fields into the user and stores it. */
export function mergeUser(fields: Partial<SessionUser>): void {
  const base = state.status === 'authenticated' ? state.user : storedUser();
  if (!base) return;
  const user = { ...base, ...fields };
  storeUser(user);
  set({ status: 'authenticated', user });
}

/** A renewed token (refresh, password change) replaces the stored one; the session goes on. */
export function replaceToken(token: string): void {
  storeToken(token);
}

/**
 * Ends the session: clears both stored items. 'expired' (a 401 from the API) keeps the
 * form drafts so that the page asked for comes back filled after signing in; 'logout'
 * clears them too.
 */
export function endSession(reason: 'expired' | 'logout'): void {
  clearStoredSession();
  if (reason === 'logout') clearAllDrafts();
  set({ status: 'anonymous', reason });
}
