import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { ContactMessageListAnswer } from '#shared/contact-message-rules';
import { adminApi } from '#client/admin/kit';
import { storedToken } from '#client/admin/kit/session-storage';

/**
 * The unread count of the sidebar's badge (docs/product-rules.md, "Messages inbox"): read
 * on every move in the back office and whenever the inbox changes a message (the
 * MESSAGES_CHANGED event), so opening a message lowers it at once.
 */
export const MESSAGES_CHANGED = 'edifier:messages-changed';

export function announceMessagesChanged(): void {
  window.dispatchEvent(new Event(MESSAGES_CHANGED));
}

export function useUnreadMessages(enabled: boolean): number | null {
  const { pathname } = useLocation();
  const [count, setCount] = useState<number | null>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const bump = () => setRound((n) => n + 1);
    window.addEventListener(MESSAGES_CHANGED, bump);
    return () => window.removeEventListener(MESSAGES_CHANGED, bump);
  }, []);

  useEffect(() => {
    // Without a stored token the call could only fail, and its 401 would end a session the
    // screen in front of the administrator may still be showing (the auth diagnostic).
    if (!enabled || !storedToken()) return;
    const controller = new AbortController();
    adminApi<ContactMessageListAnswer>('/admin/contact-messages?per_page=1&status=unread', {
      signal: controller.signal,
      background: true,
    })
      .then((answer) => setCount(answer.stats.unread))
      // The badge is a hint: a failed count leaves the last one shown.
      .catch(() => undefined);
    return () => controller.abort();
  }, [enabled, pathname, round]);

  return count;
}
