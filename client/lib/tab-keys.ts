/**
 * The keyboard of a WAI-ARIA tab list: the index of the tab a key moves to (Left and Right
 * wrap around, Home and End go to the ends), or null for any other key. Every tab list of
 * the site (offers, product, project gallery, image diagnostic) uses it.
 */
export function tabIndexForKey(key: string, current: number, count: number): number | null {
  const moves: Record<string, number> = {
    ArrowRight: current + 1,
    ArrowLeft: current - 1,
    Home: 0,
    End: count - 1,
  };
  const target = moves[key];
  return target === undefined ? null : (target + count) % count;
}
