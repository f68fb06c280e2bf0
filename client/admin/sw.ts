import { OFFLINE_DATA_CACHE } from './kit/service-worker';
import { SYNC_TAG, savedToken, sendQueue } from './sites/site-update-queue';

/**
 * The back office's service worker, scoped to /admin/ (docs/decisions/0046-site-updates-offline.md).
 * Built apart (vite.sw.config.ts) after the client, which gives it the build's admin files
 * and a version: every build makes a different worker, which the browser installs at its
 * next visit (the script is served `no-cache`), precaching that build's shell; the caches of
 * older versions are deleted when it activates, so a deploy never leaves an old shell.
 *
 * - Documents under /admin/: the network first, kept per address; without signal the kept
 *   one, else the kept /admin shell (the app then draws the screen itself).
 * - /assets/ (hashed, never changing): the cache first.
 * - A site's updates (GET /api/admin/project-submissions/{id}/updates): the network first,
 *   the last answer without signal, so the site update form opens offline.
 * - Background Sync `site-updates`, and a page's 'flush': sends the queued site updates.
 * Nothing else is touched: writes, other API calls and every other address go to the network.
 */

declare const __SHELL_VERSION__: string;
declare const __SHELL_FILES__: string[];

interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(answer: Promise<Response>): void;
}
interface SyncEvent extends ExtendableEvent {
  tag: string;
}
interface MessageEventOfWorker extends ExtendableEvent {
  data: { type?: string; url?: string; data?: string; token?: string | null } | null;
}
interface WorkerScope {
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventOfWorker) => void): void;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(options: { type: 'window' }): Promise<readonly unknown[]> };
  location: Location;
}
const worker = self as unknown as WorkerScope;

const SHELL_CACHE = `admin-shell-${__SHELL_VERSION__}`;
const SHELL_DOCUMENT = '/admin';
const SITE_UPDATES = /^\/api\/admin\/project-submissions\/\d+\/updates$/;

/** Tries of the shell's files before the install gives up (the next opening tries again). */
const PRECACHE_TRIES = 3;

/**
 * Keeps the build's shell, each file on its own: one file lost on mobile data is asked for
 * again (after 2 s, then 4 s) rather than failing the whole install, as `addAll` would,
 * which left the phone without an offline back office until its next full page load.
 */
async function precache(files: readonly string[]): Promise<void> {
  const cache = await caches.open(SHELL_CACHE);
  let missing = [...files];
  for (let tried = 1; ; tried++) {
    const outcomes = await Promise.allSettled(missing.map((file) => cache.add(file)));
    missing = missing.filter((_file, index) => outcomes[index]!.status === 'rejected');
    if (missing.length === 0) return;
    if (tried === PRECACHE_TRIES)
      throw new Error(`fichiers du back-office non gardés : ${missing.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, tried * 2000));
  }
}

worker.addEventListener('install', (event) => {
  event.waitUntil(precache([SHELL_DOCUMENT, ...__SHELL_FILES__]).then(() => worker.skipWaiting()));
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('admin-shell-') && name !== SHELL_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => worker.clients.claim()),
  );
});

async function networkFirst(request: Request, cacheName: string, fallback?: string): Promise<Response> {
  const cache = await caches.open(cacheName);
  try {
    const answer = await fetch(request);
    if (answer.ok) await cache.put(request.url, answer.clone());
    return answer;
  } catch (error) {
    const kept = (await cache.match(request.url)) ?? (fallback ? await cache.match(fallback) : undefined);
    if (kept) return kept;
    throw error;
  }
}

async function cacheFirst(request: Request): Promise<Response> {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request.url);
  if (kept) return kept;
  const answer = await fetch(request);
  if (answer.ok) await cache.put(request.url, answer.clone());
  return answer;
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate' && /^\/admin(\/|$)/.test(url.pathname))
    event.respondWith(networkFirst(request, SHELL_CACHE, SHELL_DOCUMENT));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (SITE_UPDATES.test(url.pathname) && url.search === '')
    event.respondWith(networkFirst(request, OFFLINE_DATA_CACHE));
});

async function sendWaiting(): Promise<void> {
  const outcome = await sendQueue(await savedToken());
  // Rejected, Background Sync tries again later (with a back-off of the browser's).
  if (outcome === 'offline') throw new Error('file des mises à jour non envoyée : pas de connexion');
}

/**
 * With a back-office page open, that page sends the queue when the connection returns:
 * it sends the photos as resumable uploads and shows their progress, which this worker
 * cannot (no XMLHttpRequest for tus-js-client); this worker sends only with no page open.
 */
async function syncWaiting(): Promise<void> {
  const pages = await worker.clients.matchAll({ type: 'window' });
  if (pages.length > 0) return;
  await sendWaiting();
}

worker.addEventListener('sync', (event) => {
  if (event.tag === SYNC_TAG) event.waitUntil(syncWaiting());
});

worker.addEventListener('message', (event) => {
  const message = event.data;
  if (message?.type === 'flush') event.waitUntil(sendWaiting().catch(() => undefined));
  if (message?.type === 'claim') event.waitUntil(worker.clients.claim());
  if (message?.type === 'remember' && typeof message.url === 'string')
    event.waitUntil(remember(message.url, message.data, message.token).catch(() => undefined));
});

/** A screen's document, and the site's updates it reads, kept for the next opening without signal. */
async function remember(page: string, data?: string, token?: string | null): Promise<void> {
  const url = new URL(page, worker.location.origin);
  if (url.origin !== worker.location.origin || !url.pathname.startsWith('/admin/')) return;
  await (await caches.open(SHELL_CACHE)).add(url.pathname);
  if (!data || !token || !SITE_UPDATES.test(new URL(data, worker.location.origin).pathname)) return;
  const answer = await fetch(data, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  if (answer.ok)
    await (await caches.open(OFFLINE_DATA_CACHE)).put(new URL(data, worker.location.origin).href, answer);
}
