import { useSyncExternalStore } from 'react';
import { currentSession, refreshUser } from './session';

/**
 * A 403 from the API on a screen the role was shown (docs/product-rules.md, "Roles and
 * access"): its role changed meanwhile, or the server refuses what the back office offered.
 * The kit's calls (admin-api.ts) report it here; the user is read again first (the
 * sidebar and the screens' gates then follow the new role), and if the role is the same,
 * the page where the call was made is marked: the layout shows the refusal there instead
 * of a screen whose data never came. Leaving the page clears the mark.
 */
let refusedAt: string | null = null;
const listeners = new Set<() => void>();

function set(next: string | null): void {
  if (next === refusedAt) return;
  refusedAt = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether an API call made on `pathname` was refused with a 403. */
export function useRefusedHere(pathname: string): boolean {
  const at = useSyncExternalStore(
    subscribe,
    () => refusedAt,
    () => null,
  );
  return at === pathname;
}

/** The page of the last refused call, or null (what useRefusedHere compares). */
export function refusedPath(): string | null {
  return refusedAt;
}

/** A 403 answered to a call made on `pathname` (window.location's when the call began). */
export async function reportForbidden(pathname: string): Promise<void> {
  const session = currentSession();
  const before = session.status === 'authenticated' ? session.user.role : null;
  const after = await refreshUser();
  // A new role: the gates judge the page with it (it may well be allowed there now).
  if (after !== null && after !== before) return;
  set(pathname);
}

/** The page a call starts on ('' outside a browser). */
export function currentPath(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}

/** The layout clears the mark when the page changes. */
export function clearForbidden(): void {
  set(null);
}
