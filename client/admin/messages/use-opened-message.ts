import { useCallback, useEffect, useRef, useState } from 'react';
import { contactMessages, type ContactMessage } from '#shared/contact-message-rules';
import { adminApi, isSessionEnd, toast } from '#client/admin/kit';
import { MESSAGES_BASE } from './message-query';
import { announceMessagesChanged } from './unread-count';

export interface OpenedMessage {
  /** The message of the dialog, or null. */
  opened: ContactMessage | null;
  /** True while a status change is on its way. */
  busy: boolean;
  /** Marks it read, unread or archived; `notice` is the toast's title (none for the silent 'read'). */
  setMessageStatus: (
    message: ContactMessage,
    next: ContactMessage['status'],
    notice?: string,
  ) => Promise<void>;
  /** Shows the message as the server answered a change of it (its assignee) and reloads the list. */
  showSaved: (message: ContactMessage) => void;
}

/**
 * The message of the detail dialog (`?message=7`): from the page shown, else read by id (a
 * reload, a link from the notification mail). It is kept apart from the page's rows:
 * marking it read or archiving it may take it out of the list shown, the dialog stays.
 * Opening an unread message marks it read.
 */
export function useOpenedMessage({
  openId,
  setOpenId,
  rows,
  loading,
  reload,
}: {
  openId: number | null;
  setOpenId: (id: number | null) => void;
  rows: readonly ContactMessage[];
  loading: boolean;
  reload: () => void;
}): OpenedMessage {
  const [shown, setShown] = useState<ContactMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const opened = shown && shown.id === openId ? shown : null;

  useEffect(() => {
    if (openId === null || shown?.id === openId) return;
    const fromRows = rows.find((row) => row.id === openId);
    if (fromRows) return setShown(fromRows);
    if (loading) return;
    const controller = new AbortController();
    adminApi<{ data: ContactMessage }>(`${MESSAGES_BASE}/${openId}`, { signal: controller.signal })
      .then((one) => setShown(one.data))
      .catch((error: unknown) => {
        if (controller.signal.aborted || isSessionEnd(error)) return;
        toast({
          title: 'Erreur',
          description: error instanceof Error ? error.message : contactMessages.notFound,
          variant: 'destructive',
        });
        setOpenId(null);
      });
    return () => controller.abort();
  }, [openId, shown, rows, loading, setOpenId]);

  const setMessageStatus = useCallback(
    async (message: ContactMessage, next: ContactMessage['status'], notice?: string) => {
      setBusy(true);
      try {
        const saved = await adminApi<{ data: ContactMessage }>(`${MESSAGES_BASE}/${message.id}`, {
          method: 'PATCH',
          json: { status: next },
        });
        setShown((current) => (current?.id === saved.data.id ? saved.data : current));
        if (notice) toast({ title: notice, description: contactMessages.statusUpdated });
        announceMessagesChanged();
        reload();
      } catch (error) {
        if (!isSessionEnd(error))
          toast({
            title: 'Erreur',
            description: error instanceof Error ? error.message : contactMessages.notFound,
            variant: 'destructive',
          });
      } finally {
        setBusy(false);
      }
    },
    [reload],
  );

  const showSaved = useCallback(
    (message: ContactMessage) => {
      setShown((current) => (current?.id === message.id ? message : current));
      reload();
    },
    [reload],
  );

  const markedRef = useRef<number | null>(null);
  useEffect(() => {
    if (!opened || opened.status !== 'unread' || markedRef.current === opened.id) return;
    markedRef.current = opened.id;
    void setMessageStatus(opened, 'read');
  }, [opened, setMessageStatus]);

  return { opened, busy, setMessageStatus, showSaved };
}
