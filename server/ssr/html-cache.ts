import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * The public HTML cache (decision 0005): rendered public documents kept in memory with
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

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type Encoding = 'br' | 'gzip' | 'identity';

export interface CachedDocument {
  bodies: Record<Encoding, Buffer>;
  /** Weak: the three bodies are the same document. */
  etag: string;
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
  /** Read before rendering; compared again when storing. */
  readonly generation: number;
  clear(): void;
  readonly size: number;
  readonly bytes: number;
}

export function cacheKey(url: string, saveData: boolean): string {
  return saveData ? `save-data ${url}` : url;
}

/** Compresses once (the best settings: the cost is paid at the first request only). */
export async function buildCachedDocument(html: string, ttlSeconds: number, now = Date.now()): Promise<CachedDocument> {
  const identity = Buffer.from(html, 'utf8');
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: constants.Z_BEST_COMPRESSION }),
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 10,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  const hash = createHash('sha1').update(identity).digest('base64url').slice(0, 22);
  return {
    bodies: { identity, gzip: gz, br },
    etag: `W/"${hash}"`,
    bytes: identity.length + gz.length + br.length,
    expiresAt: now + ttlSeconds * 1000,
  };
}

export function createHtmlCache({ maxEntries, maxBytes, ttlSeconds, now = Date.now }: HtmlCacheOptions): HtmlCache {
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
