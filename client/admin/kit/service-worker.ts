import { storedToken } from './session-storage';

/**
 * The back office's service worker (client/admin/sw.ts, served at /admin/sw.js), scoped
 * to /admin/: it keeps the back office's shell so that a screen once opened opens again
 * without signal, and sends the queued site updates by Background Sync. Registered by the
 * back office's bundle only, so no public page ever has one (docs/decisions/0046-site-updates-offline.md).
 * Not in `npm run dev`, where Vite serves unbuilt modules that no cache should keep.
 */
export const SERVICE_WORKER_URL = '/admin/sw.js';
export const SERVICE_WORKER_SCOPE = '/admin/';
/** The cache of the API answers the service worker keeps (a site's updates), emptied at sign-out. */
export const OFFLINE_DATA_CACHE = 'admin-data';

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const workers = navigator.serviceWorker;
  workers.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }).catch(() => undefined);
  // The worker claims the open pages when it activates; a page that claim missed (seen in
  // the browser tests: a page still outside the worker 20 s after it opened) sent its own
  // requests past it (a screen's code, a site's updates) until a full reload. Once the
  // worker is active, it is asked again for this page, which costs nothing when it already
  // has it.
  void workers.ready.then((registration) => {
    if (!workers.controller) registration.active?.postMessage({ type: 'claim' });
  });
}

/**
 * Asks the service worker to keep this screen's document (a screen reached inside the app
 * was never fetched as a document) and the API answer it reads (`data`, under /api), the
 * first time too, when the page was loaded before the worker controlled it.
 */
export function rememberPage(url: string, data?: string): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({ type: 'remember', url, data, token: storedToken() }),
  );
}

/** At sign-out: the kept API answers go (a client's name and phone stay on no phone). */
export async function forgetOfflineData(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(OFFLINE_DATA_CACHE).catch(() => false);
}

/**
 * Whether this page is outside the worker: true for a page opened at the sign-in page or
 * an invitation's link. The worker claims a page by the address it was opened at, not the
 * one it shows now, so such a page stays outside it for its whole life, whatever screen of
 * the back office it moves to (see enterBackOffice). Never in `npm run dev` (no worker).
 */
export function outsideServiceWorker(): boolean {
  return import.meta.env.PROD && 'serviceWorker' in navigator && !navigator.serviceWorker.controller;
}
