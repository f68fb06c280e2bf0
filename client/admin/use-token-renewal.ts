import { useEffect } from 'react';
import { renewTokenIfDue } from './kit/admin-api';

/** How often the layout looks at the token, and what counts as "working". */
const CHECK_EVERY_MS = 60_000;
const ACTIVE_WITHIN_MS = 10 * 60_000;

/**
 * Product rules: the token is renewed while the administrator works. Every API call already
 * renews a token past half its life (admin-api.ts); this covers long stretches without a
 * call (typing a long description): once a minute, if a key or pointer was used in the
 * last ten minutes, the same check runs. An idle tab lets its token expire.
 */
export function useTokenRenewal(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let lastActivity = Date.now();
    const mark = () => (lastActivity = Date.now());
    const events = ['keydown', 'pointerdown', 'input'] as const;
    for (const name of events) window.addEventListener(name, mark, { passive: true });
    const timer = window.setInterval(() => {
      if (Date.now() - lastActivity < ACTIVE_WITHIN_MS) void renewTokenIfDue();
    }, CHECK_EVERY_MS);
    return () => {
      window.clearInterval(timer);
      for (const name of events) window.removeEventListener(name, mark);
    };
  }, [enabled]);
}
