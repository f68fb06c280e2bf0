import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

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

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type Encoding = 'br' | 'gzip' | 'identity';
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];

/** Flat [name, value, name, value...] lists: node writes them as they are, without a Map. */
export type HeaderList = string[];

export interface CachedDocument {
  bodies: Record<Encoding, Buffer>;
  /** Every header of a 200 answer in each encoding, except X-Html-Cache and X-Request-Id. */
  headers: Record<Encoding, HeaderList>;
  /** The headers of a 304 answer to a matching If-None-Match. */
  notModified: HeaderList;
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

/**
 * Compression settings. A miss is answered with `fast` (gzip 1, brotli 4: about a
 * millisecond for a page), so a flood of never-seen URLs costs little each; the stored copy
 * is then re-compressed with `best` (gzip 9, brotli 10) in the background
 * (upgradeInBackground), for the many hits that follow
 * (docs/decisions/0011-page-cache-keys-and-cache-misses.md).
 */
export type Compression = 'fast' | 'best';
const GZIP_LEVEL: Record<Compression, number> = { fast: 1, best: constants.Z_BEST_COMPRESSION };
const BROTLI_QUALITY: Record<Compression, number> = { fast: 4, best: 10 };

/**
 * Compresses and prepares the headers of every answer. `securityHeaders` are those the full middleware
 * stack set on the response that rendered the document (Content-Security-Policy and the
 * other helmet headers): a hit replays them as they were.
 */
export async function buildCachedDocument(
  html: string,
  ttlSeconds: number,
  securityHeaders: HeaderList = [],
  now = Date.now(),
  compression: Compression = 'best',
): Promise<CachedDocument> {
  const identity = Buffer.from(html, 'utf8');
  const [gz, br] = await Promise.all([
    gzipAsync(identity, { level: GZIP_LEVEL[compression] }),
    brotliAsync(identity, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[compression],
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);
  const hash = createHash('sha1').update(identity).digest('base64url').slice(0, 22);
  const etag = `W/"${hash}"`;
  const bodies: Record<Encoding, Buffer> = { identity, gzip: gz, br };
  // Browsers revalidate every time (a change must show on the next request); the ETag
  // makes that revalidation a 304 without a body.
  const revalidation = [
    ...securityHeaders,
    'Cache-Control',
    'no-cache',
    'Vary',
    'Accept-Encoding, Save-Data',
    'ETag',
    etag,
  ];
  const headers = Object.fromEntries(
    ENCODINGS.map((encoding) => [
      encoding,
      [
        ...revalidation,
        'Content-Type',
        'text/html; charset=utf-8',
        ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
        'Content-Length',
        String(bodies[encoding].length),
      ],
    ]),
  ) as Record<Encoding, HeaderList>;
  return {
    bodies,
    headers,
    notModified: revalidation,
    etag,
    bytes: identity.length + gz.length + br.length,
    expiresAt: now + ttlSeconds * 1000,
  };
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

/** Background re-compressions under way: past this many, a page keeps its fast copy. */
const MAX_UPGRADES = 2;
let upgrading = 0;

/**
 * Re-compresses a stored page at the best settings once the answer has left, without
 * delaying it; bounded so a flood of new pages cannot queue unbounded work.
 */
export function upgradeInBackground(
  cache: HtmlCache,
  key: string,
  stored: CachedDocument,
  html: string,
  ttlSeconds: number,
  securityHeaders: HeaderList,
): void {
  if (upgrading >= MAX_UPGRADES) return;
  upgrading += 1;
  setImmediate(() => {
    buildCachedDocument(html, ttlSeconds, securityHeaders, Date.now(), 'best')
      .then((better) => cache.upgrade(key, stored, better))
      .catch(() => undefined)
      .finally(() => {
        upgrading -= 1;
      });
  });
}
