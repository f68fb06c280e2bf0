import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { CachedDocument, Encoding, HeaderList, HtmlCache } from './html-cache';

/**
 * How the public HTML cache compresses what it stores (decisions 0011 and 0023); which
 * pages it keeps and when it forgets them is server/ssr/html-cache.ts.
 *
 * Measured on the pages of the large seed (28 to 41 KB of HTML), one core:
 * - gzip 6 takes 0.3 to 0.4 ms and is within 0.2 % of gzip 9: gzip is compressed once;
 * - brotli 5 takes 0.5 to 0.7 ms, 7 % smaller than brotli 4; brotli 10 takes 20 to 30 ms
 *   for 6 % less again, brotli 11 55 to 75 ms for 2 % more.
 * A miss is therefore answered at gzip 6 or brotli 5 (`fast`, below a millisecond), and
 * only in the encoding its client takes. While the core is busy (core-load.ts: a burst or a
 * flood of pages not in the cache), its brotli body is made at quality 3 (`light`): 0.1
 * to 0.16 ms instead of 0.3 to 0.5, for 11 to 13 % more bytes and a third more misses a
 * second (docs/bench/2026-11-27-cache-miss-rounds.md, "Misses, sixth round"); a miss alone keeps the smaller body.
 * Browsers all take brotli, so a gzip body is made the first time a client that takes only
 * gzip asks for the page (withEncoding), not on every miss. A miss's copies are made
 * synchronously: handed to the thread pool, 0.55 to 0.75 ms of brotli 5 took 1.25 to
 * 1.55 ms of a miss (zlib's stream machinery, the hand-over and the wake-up;
 * docs/bench/2026-11-27-cache-miss-rounds.md, "Misses, fourth round"). The brotli body is
 * re-compressed at quality 10 (`best`)
 * only once the page is asked for again in brotli (upgradeOnHit), on the thread pool: a
 * flood of pages nobody asks for twice (random searches) never pays the 20 to 30 ms each.
 */
const brotliAsync = promisify(brotliCompress);

export type Compression = CachedDocument['compression'];
export const GZIP_LEVEL = 6;
export const BROTLI_QUALITY: Record<Compression, number> = { light: 3, fast: 5, best: 10 };
/** How hard a miss is compressed: `light` while the core is busy, else `fast`. */
export type MissCompression = Exclude<Compression, 'best'>;
type Compressed = Exclude<Encoding, 'identity'>;
const COMPRESSED: Compressed[] = ['br', 'gzip'];

const brotliOptions = (identity: Buffer, compression: Compression) => ({
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[compression],
    [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
  },
});

/** The headers of a 200 answer in `encoding`: the revalidation headers, then the body's. */
function headersFor(revalidation: HeaderList, encoding: Encoding, length: number): HeaderList {
  return [
    ...revalidation,
    'Content-Type',
    'text/html; charset=utf-8',
    ...(encoding === 'identity' ? [] : ['Content-Encoding', encoding]),
    'Content-Length',
    String(length),
  ];
}

const bodyBytes = (bodies: CachedDocument['bodies']) =>
  Object.values(bodies).reduce((sum, body) => sum + body.length, 0);

/** The same document with `body` as its `encoding` body (added or replaced). */
function withBody(entry: CachedDocument, encoding: Compressed, body: Buffer): CachedDocument {
  const bodies = { ...entry.bodies, [encoding]: body };
  return {
    ...entry,
    bodies,
    headers: { ...entry.headers, [encoding]: headersFor(entry.notModified, encoding, body.length) },
    bytes: bodyBytes(bodies),
  };
}

/**
 * Prepares the headers of the answers and compresses, at the `compression` setting, the
 * bodies in `encodings` (a miss: only the one its client takes). `securityHeaders` are those
 * the full middleware stack set on the response that rendered the document
 * (Content-Security-Policy and the other helmet headers): a hit replays them as they were.
 */
export function buildCachedDocument(
  html: string,
  ttlSeconds: number,
  securityHeaders: HeaderList = [],
  now = Date.now(),
  encodings: Encoding[] = COMPRESSED,
  compression: MissCompression = 'fast',
): CachedDocument {
  const identity = Buffer.from(html, 'utf8');
  const hash = createHash('sha1').update(identity).digest('base64url').slice(0, 22);
  const etag = `W/"${hash}"`;
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
  let entry: CachedDocument = {
    bodies: { identity },
    headers: { identity: headersFor(revalidation, 'identity', identity.length) },
    notModified: revalidation,
    etag,
    compression,
    bytes: identity.length,
    expiresAt: now + ttlSeconds * 1000,
  };
  // gzip before brotli, as the bodies were always listed.
  for (const encoding of ['gzip', 'br'] as const)
    if (encodings.includes(encoding)) entry = withEncoding(entry, encoding, compression);
  return entry;
}

/**
 * The same document with a body in `encoding`, compressed now if it had none: a miss, or
 * the first client asking for a stored page in an encoding no earlier client took. Brotli
 * at `compression`, gzip always at GZIP_LEVEL (a gzip body is never re-compressed).
 * Synchronous: a single compression below a millisecond, on the path of that one answer.
 */
export function withEncoding(
  entry: CachedDocument,
  encoding: Encoding,
  compression: MissCompression = 'fast',
): CachedDocument {
  if (encoding === 'identity' || entry.bodies[encoding]) return entry;
  const { identity } = entry.bodies;
  const body =
    encoding === 'gzip'
      ? gzipSync(identity, { level: GZIP_LEVEL })
      : brotliCompressSync(identity, brotliOptions(identity, compression));
  return withBody(entry, encoding, body);
}

/** The same document with its brotli body compressed at the best setting. */
export async function withBestBrotli(entry: CachedDocument): Promise<CachedDocument> {
  const { identity } = entry.bodies;
  // On the thread pool: 20 to 30 ms would hold every other request.
  const br = await brotliAsync(identity, brotliOptions(identity, 'best'));
  // Brotli 10 is never larger in practice; if it were, the fast copy stays.
  if (entry.bodies.br && br.length >= entry.bodies.br.length) return { ...entry, compression: 'best' };
  return { ...withBody(entry, 'br', br), compression: 'best' };
}

/** Background re-compressions under way: past this many, a hit leaves the page as it is. */
const MAX_UPGRADES = 2;
let upgrading = 0;
const pending = new WeakSet<CachedDocument>();

/**
 * Called on every hit: a page stored with its fast copy and asked for again gets its brotli
 * body re-compressed at the best setting once this answer has left, without delaying it.
 * Bounded (two at a time, each page once); a page skipped because the bound was reached is
 * tried again on a later hit. Resolves when done (for tests); never rejects.
 */
export function upgradeOnHit(cache: HtmlCache, key: string, entry: CachedDocument): Promise<void> {
  if (entry.compression === 'best' || upgrading >= MAX_UPGRADES || pending.has(entry))
    return Promise.resolve();
  upgrading += 1;
  pending.add(entry);
  return new Promise<void>((resolve) => setImmediate(resolve))
    .then(() => withBestBrotli(entry))
    .then((better) => cache.upgrade(key, entry, better))
    .catch(() => undefined)
    .finally(() => {
      upgrading -= 1;
    });
}
