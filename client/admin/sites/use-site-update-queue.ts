import { useCallback, useEffect, useRef, useState } from 'react';
import { storedToken } from '#client/admin/kit/session-storage';
import {
  QUEUE_CHANNEL,
  SYNC_TAG,
  queued,
  rememberToken,
  sendQueue,
  type PhotoSending,
  type QueueEvent,
  type QueuedSiteUpdate,
} from './site-update-queue';
import { sendSitePhoto } from './send-site-photo';

/** A queued photo's key in `sending`: the entry's client id and the photo's place. */
export const photoKey = (clientId: string, index: number) => `${clientId}/${index}`;

/**
 * A site's waiting updates on this phone, and their sending (site-update-queue.ts): at
 * once when the page opens with a connection, on the browser's `online` event, and by the
 * service worker's Background Sync where the browser has it, even with the tab closed.
 * `onSent` runs for each update the server received, whoever sent it. The page sends the
 * photos as resumable uploads; `sending` says where each stands.
 */
export function useSiteUpdateQueue(submissionId: number, onSent?: () => void) {
  const [items, setItems] = useState<QueuedSiteUpdate[]>([]);
  const [sent, setSent] = useState(0);
  const [sending, setSending] = useState<Record<string, PhotoSending>>({});
  const onPhotoState = useCallback((clientId: string, index: number, state: PhotoSending) => {
    setSending((current) => ({ ...current, [photoKey(clientId, index)]: state }));
  }, []);
  const sentCallback = useRef(onSent);
  sentCallback.current = onSent;

  const reload = useCallback(() => {
    void queued(submissionId).then(setItems, () => setItems([]));
  }, [submissionId]);

  const flush = useCallback(async () => {
    const token = storedToken();
    await rememberToken(token);
    await sendQueue(token, { sendPhoto: sendSitePhoto, onPhotoState });
    reload();
  }, [reload, onPhotoState]);

  useEffect(() => {
    reload();
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(QUEUE_CHANNEL) : null;
    if (channel)
      channel.onmessage = (event: MessageEvent<QueueEvent>) => {
        if (event.data.type === 'sent' && event.data.submissionId === submissionId) {
          setSent((count) => count + 1);
          sentCallback.current?.();
        }
        reload();
      };
    const online = () => void flush();
    window.addEventListener('online', online);
    if (navigator.onLine) void flush();
    return () => {
      channel?.close();
      window.removeEventListener('online', online);
    };
  }, [submissionId, reload, flush]);

  return { items, sent, sending, onPhotoState, flush, reload };
}

/** Asks the service worker to send the queue when the connection returns (Background Sync). */
export async function askForSync(): Promise<void> {
  await rememberToken(storedToken());
  if (!('serviceWorker' in navigator)) return;
  const registration = (await Promise.race([
    navigator.serviceWorker.ready,
    new Promise((resolve) => setTimeout(resolve, 1000, null)),
  ])) as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | null;
  await registration?.sync?.register(SYNC_TAG).catch(() => undefined);
}
