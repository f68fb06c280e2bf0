import { useEffect, useState } from 'react';

/** A wait shorter than this is not shown (the loading bar between screens waits as long, in admin.css). */
export const NOTICEABLE_WAIT_MS = 150;

/**
 * True once `on` has held for `delayMs`, false as soon as it stops: a waiting state shown
 * only when the wait is long enough to be noticed. A quick answer then changes nothing on
 * screen (no flash), and, for a table dimmed while it waits, the browser is spared painting
 * the whole table twice (docs/product-rules.md, "Lists of the back office").
 */
export function useLate(on: boolean, delayMs = NOTICEABLE_WAIT_MS): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = setTimeout(() => setLate(true), delayMs);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [on, delayMs]);
  return on && late;
}
