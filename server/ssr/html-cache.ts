/**
 * The public HTML cache (decision 0008): rendered public documents kept in memory with
 * their compressed bodies, so a hit costs neither a render nor a compression.
 *
 * Invariants:
 * - Only what the renderer hands over is stored: public documents answered 200. A render
 *   depends on the URL and on Save-Data only (the renderer forwards no other header, no
 *   cookie, no token), so the key is exactly those two.
 * - Every successful back-office write empties it (emptyOnWrite). The generation number
 *   stops a render that started before a write from storing what it read before it.
 * - Bounded by entries and bytes (least recently used first out) and by age, so that
 *   pages that change with the date (promotions that end) refresh without a write.
 */

export type Encoding = 'br' | 'gzip' | 'identity';

/** Flat [name, value, name, value...] lists: node writes them as they are, without a Map. */
export type HeaderList = string[];

export interface CachedDocument {
  /**
   * The plain body, and each compressed one once some client asked for it: a miss
   * compresses only the encoding its client takes (server/ssr/html-compression.ts).
   */
  bodies: { identity: Buffer } & Partial<Record<Encoding, Buffer>>;
  /** Every header of a 200 answer in each encoding held, except X-Html-Cache and X-Request-Id. */
  headers: { identity: HeaderList } & Partial<Record<Encoding, HeaderList>>;
  /** The headers of a 304 answer to a matching If-None-Match. */
  notModified: HeaderList;
  /** Weak: every body is the same document. */
  etag: string;
  /**
   * How hard the brotli body is compressed (server/ssr/html-compression.ts): `light` for a
   * miss rendered while the core was busy, `fast` for a miss alone, `best` once asked again.
   */
  compression: 'light' | 'fast' | 'best';
  bytes: number;
  expiresAt: number;
}

export interface HtmlCacheOptions {
  maxEntries: number;
  maxBytes: number;
  ttlSeconds: number;
  now?: () => number;
}

export interface HtmlCache {
  get(key: string): CachedDocument | undefined;
  /** Stores unless a write emptied the cache since `generation` was read. */
  set(key: string, entry: CachedDocument, generation: number): void;
  /** Swaps `current` for `better` under `key` if `current` is still the one stored. */
  upgrade(key: string, current: CachedDocument, better: CachedDocument): void;
  /** Read before rendering; compared again when storing. */
  readonly generation: number;
  clear(): void;
  readonly size: number;
  readonly bytes: number;
}

export function cacheKey(url: string, saveData: boolean): string {
  return saveData ? `save-data ${url}` : url;
}

export function createHtmlCache({
  maxEntries,
  maxBytes,
  ttlSeconds,
  now = Date.now,
}: HtmlCacheOptions): HtmlCache {
  // A Map iterates in insertion order: re-inserting on a hit makes the first key the least
  // recently used one.
  const entries = new Map<string, CachedDocument>();
  let bytes = 0;
  let generation = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    bytes -= entry.bytes;
  };

  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    set(key, entry, startedAt) {
      if (startedAt !== generation || entry.bytes > maxBytes) return;
      remove(key);
      entries.set(key, { ...entry, expiresAt: Math.min(entry.expiresAt, now() + ttlSeconds * 1000) });
      bytes += entry.bytes;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        remove(oldest);
      }
    },
    upgrade(key, current, better) {
      const stored = entries.get(key);
      if (stored === undefined || stored.etag !== current.etag || stored.bodies !== current.bodies) return;
      const entry = { ...better, expiresAt: stored.expiresAt };
      entries.set(key, entry);
      bytes += entry.bytes - stored.bytes;
    },
    get generation() {
      return generation;
    },
    clear() {
      generation++;
      entries.clear();
      bytes = 0;
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return bytes;
    },
  };
}
