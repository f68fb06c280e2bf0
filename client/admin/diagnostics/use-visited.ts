import { useState } from 'react';

/** The keys selected so far, the current one included (tabs keep what they loaded). */
export function useVisited<K>(selected: K): ReadonlySet<K> {
  const [visited, setVisited] = useState<ReadonlySet<K>>(() => new Set([selected]));
  if (!visited.has(selected)) {
    const next = new Set(visited);
    next.add(selected);
    setVisited(next);
    return next;
  }
  return visited;
}
