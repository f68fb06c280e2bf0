import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/**
 * The site updates written on a phone and not yet received by the server
 * (docs/decisions/0046-site-updates-offline.md), kept in IndexedDB so that a reload, a
 * closed tab or a phone out of signal loses nothing. Each update gets its id on the phone
 * (crypto.randomUUID), sent as `client_id`: the server answers a replay of that id with the
 * update it already holds, so a send cut after the server wrote it, or two sends at once
 * (the page and the service worker's Background Sync), still make one update.
 *
 * Read by the form's page and by the service worker (client/admin/sw.ts), which both send
 * the queue with `sendQueue`. The session's token is kept beside the queue for the service
 * worker, which cannot read localStorage; the page writes it at each send.
 */

export interface QueuedPhoto {
  name: string;
  type: string;
  blob: Blob;
  /**
   * Its resumable upload's address (docs/decisions/0045-resumable-uploads.md), kept as soon
   * as the server created it: a reload resumes that upload, never starts another.
   */
  uploadUrl?: string;
  /** Set once its last byte arrived: the creation names it in `upload_ids[]`. */
  uploadId?: string;
}

/** Where one queued photo's upload stands, for the screen. */
export interface PhotoSending {
  share: number;
  /** The connection dropped; the upload goes on by itself when it returns. */
  lost: boolean;
}

/**
 * Sends one photo as a resumable upload and answers its id (client/lib/resumable-upload.ts
 * on the page). The service worker has none (tus-js-client needs XMLHttpRequest, which a
 * service worker lacks): the photos it sends go as multipart, the client id keeping exactly once.
 */
export type PhotoSender = (
  photo: QueuedPhoto,
  token: string,
  events: { onUploadUrl: (url: string) => void; onState: (state: PhotoSending) => void },
) => Promise<string>;

export interface QueuedSiteUpdate {
  clientId: string;
  submissionId: number;
  date: string;
  phase: string;
  progress: string;
  text: string;
  published: boolean;
  photos: QueuedPhoto[];
  queuedAt: string;
  /** Set when the server refused it for good (a 422, a 409): kept, shown, never sent again. */
  refused: string | null;
}

interface QueueSchema extends DBSchema {
  'site-updates': { key: string; value: QueuedSiteUpdate; indexes: { submission: number } };
  session: { key: 'token'; value: string };
}

const DB_NAME = 'edifier-admin';
/** Page and service worker hear each other's changes on this channel. */
export const QUEUE_CHANNEL = 'edifier-site-update-queue';
/** The Background Sync tag the page registers and the service worker answers. */
export const SYNC_TAG = 'site-updates';
const LOCK = 'edifier-site-update-queue';

export type QueueEvent = { type: 'changed' } | { type: 'sent'; clientId: string; submissionId: number };

let opened: Promise<IDBPDatabase<QueueSchema>> | null = null;

function database(): Promise<IDBPDatabase<QueueSchema>> {
  opened ??= openDB<QueueSchema>(DB_NAME, 1, {
    upgrade(db) {
      const store = db.createObjectStore('site-updates', { keyPath: 'clientId' });
      store.createIndex('submission', 'submissionId');
      db.createObjectStore('session');
    },
  });
  return opened;
}

function announce(event: QueueEvent): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(QUEUE_CHANNEL);
  channel.postMessage(event);
  channel.close();
}

export async function enqueue(
  update: Omit<QueuedSiteUpdate, 'queuedAt' | 'refused'>,
): Promise<QueuedSiteUpdate> {
  const item: QueuedSiteUpdate = { ...update, queuedAt: new Date().toISOString(), refused: null };
  await (await database()).put('site-updates', item);
  announce({ type: 'changed' });
  return item;
}

/** The queue of one site (or every site), oldest first. */
export async function queued(submissionId?: number): Promise<QueuedSiteUpdate[]> {
  const db = await database();
  const items =
    submissionId === undefined
      ? await db.getAll('site-updates')
      : await db.getAllFromIndex('site-updates', 'submission', submissionId);
  return items.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
}

export async function forget(clientId: string): Promise<void> {
  await (await database()).delete('site-updates', clientId);
  announce({ type: 'changed' });
}

export async function rememberToken(token: string | null): Promise<void> {
  const db = await database();
  if (token) await db.put('session', token, 'token');
  else await db.delete('session', 'token');
}

export async function savedToken(): Promise<string | null> {
  return (await (await database()).get('session', 'token')) ?? null;
}

/** The multipart body of POST /api/admin/project-submissions/{id}/updates. */
export function queuedFormData(item: QueuedSiteUpdate): FormData {
  const body = new FormData();
  body.append('client_id', item.clientId);
  body.append('date', item.date);
  body.append('phase', item.phase);
  body.append('progress', item.progress);
  body.append('text', item.text);
  body.append('published', item.published ? '1' : '0');
  for (const photo of item.photos) {
    if (photo.uploadId) body.append('upload_ids[]', photo.uploadId);
    else body.append('photos[]', new File([photo.blob], photo.name, { type: photo.type }));
  }
  return body;
}

/** Saves one queued photo's upload address or id in the entry (when the entry is still queued). */
async function savePhoto(
  clientId: string,
  index: number,
  change: Partial<QueuedPhoto>,
): Promise<QueuedSiteUpdate | null> {
  const db = await database();
  const transaction = db.transaction('site-updates', 'readwrite');
  const current = await transaction.store.get(clientId);
  if (!current) return null;
  const photos = current.photos.map((photo, at) => (at === index ? { ...photo, ...change } : photo));
  const next = { ...current, photos };
  await transaction.store.put(next);
  await transaction.done;
  return next;
}

/**
 * Sends an entry's photos not yet received, one after the other, each resumable; answers
 * the entry with every upload id. A refusal of a photo (an ApiError) is thrown as is.
 */
export async function sendPhotos(
  item: QueuedSiteUpdate,
  token: string,
  sendPhoto: PhotoSender,
  onState?: (clientId: string, index: number, state: PhotoSending) => void,
): Promise<QueuedSiteUpdate> {
  let current = item;
  for (const [index, photo] of item.photos.entries()) {
    if (photo.uploadId) continue;
    const id = await sendPhoto(photo, token, {
      onUploadUrl: (url) => void savePhoto(item.clientId, index, { uploadUrl: url }),
      onState: (state) => onState?.(item.clientId, index, state),
    });
    current = (await savePhoto(item.clientId, index, { uploadId: id })) ?? {
      ...current,
      photos: current.photos.map((queued, at) => (at === index ? { ...queued, uploadId: id } : queued)),
    };
  }
  return current;
}

async function refusalOf(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { message?: string; errors?: Record<string, string[]> };
    const fields = Object.values(body.errors ?? {}).flat();
    return [body.message, ...fields].filter(Boolean).join(' ') || `Refusée (${response.status})`;
  } catch {
    return `Refusée (${response.status})`;
  }
}

export type SendOutcome = 'sent' | 'offline' | 'signed-out';

/**
 * Sends every waiting update, oldest first, one at a time (a site connection is slow).
 * A 2xx (a first write or a replay's answer) takes it out of the queue; a 401 stops until
 * the next signing in; another refusal (422, 403, 404, 409) keeps it, marked refused with
 * the server's words, never sent again; no answer or a 5xx stops until the next chance.
 * One sender at a time across the page and the service worker (Web Locks, where there).
 */
export interface SendOptions {
  /** The page's resumable photo uploads; without it (the service worker), multipart. */
  sendPhoto?: PhotoSender;
  onPhotoState?: (clientId: string, index: number, state: PhotoSending) => void;
}

export async function sendQueue(token: string | null, options: SendOptions = {}): Promise<SendOutcome> {
  if (!token) return 'signed-out';
  return asOneSender(() => sendAll(token, options));
}

/**
 * Runs `send` as the queue's one sender, across the page's tabs and the service worker
 * (Web Locks, where there): the form's own send of a new update holds it too, so a send
 * of the queue woken meanwhile (the connection back during a photo's upload) waits
 * instead of uploading the same photo a second time.
 */
export async function asOneSender<T>(send: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? await locks.request(LOCK, send) : await send();
}

/** The entry as the queue holds it now; undefined once sent. */
export async function stillQueued(clientId: string): Promise<QueuedSiteUpdate | undefined> {
  return (await database()).get('site-updates', clientId);
}

/**
 * What a failed send means for the queue, a photo's upload or the update's creation alike:
 * no answer (`null`), a server error, too many requests or a timeout wait for the next
 * chance; a 401 waits for a new sign-in; anything else refuses the update for good.
 */
function failureOf(status: number | null): 'offline' | 'signed-out' | 'refused' {
  if (status === null || status >= 500 || status === 429 || status === 408) return 'offline';
  return status === 401 ? 'signed-out' : 'refused';
}

async function sendAll(token: string, options: SendOptions): Promise<SendOutcome> {
  const db = await database();
  for (const waiting of await queued()) {
    if (waiting.refused !== null) continue;
    // Another sender may have sent it while this one waited for the lock.
    let item = await stillQueued(waiting.clientId);
    if (!item) continue;
    if (options.sendPhoto) {
      try {
        item = await sendPhotos(item, token, options.sendPhoto, options.onPhotoState);
      } catch (error) {
        const status = (error as { status?: unknown }).status;
        const failure = failureOf(typeof status === 'number' ? status : null);
        if (failure !== 'refused') return failure;
        await db.put('site-updates', { ...item, refused: (error as Error).message || `Refusée (${status})` });
        announce({ type: 'changed' });
        continue;
      }
    }
    let response: Response;
    try {
      response = await fetch(`/api/admin/project-submissions/${item.submissionId}/updates`, {
        method: 'POST',
        headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
        body: queuedFormData(item),
      });
    } catch {
      return 'offline';
    }
    if (response.ok) {
      await db.delete('site-updates', item.clientId);
      announce({ type: 'sent', clientId: item.clientId, submissionId: item.submissionId });
      continue;
    }
    const failure = failureOf(response.status);
    if (failure !== 'refused') return failure;
    await db.put('site-updates', { ...item, refused: await refusalOf(response) });
    announce({ type: 'changed' });
  }
  return 'sent';
}
