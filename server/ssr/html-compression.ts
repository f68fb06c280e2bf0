import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { CachedDocument, Encoding, HeaderList, HtmlCache } from './html-cache';

/**
 * How the public HTML cache compresses what it stores (decisions 0011 and 0023); which
 * pages it keeps and when it forgets them is server/ssr/html-cache.ts.
 *
 * Measured on the pages of the large seed (28 to 41 KB of HTML), one core:
 * - gzip 6 takes 0.3 to 0.4 ms and is within 0.2 % of gzip 9: gzip is compressed once;
 * - brotli 5 takes 0.5 to 0.7 ms, 7 % smaller than brotli 4; brotli 10 takes 20 to 30 ms
 *   for 6 % less again, brotli 11 55 to 75 ms for 2 % more.
 * A miss is therefore answered with gzip 6 and brotli 5 (`fast`, about a millisecond for
 * both, in parallel off the main thread). Its brotli body is re-compressed at quality 10
 * (`best`) only once the page is asked for again (upgradeOnHit): a flood of pages nobody
 * asks for twice (random searches) never pays the 20 to 30 ms each.
 */
const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

export type Compression = CachedDocument['compression'];
export const GZIP_LEVEL = 6;
export const BROTLI_QUALITY: Record<Compression, number> = { fast: 5, best: 10 };
const ENCODINGS: Encoding[] = ['br', 'gzip', 'identity'];

function brotli(identity: Buffer, compression: Compression): Promise<Buffer> {
  return brotliAsync(identity, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY[compression],
      [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
    },
  });
}

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
    gzipAsync(identity, { level: GZIP_LEVEL }),
    brotli(identity, compression),
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
        // Last, so that a re-compression replaces only this value (withBestBrotli).
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
    compression,
    bytes: identity.length + gz.length + br.length,
    expiresAt: now + ttlSeconds * 1000,
  };
}

/** The same document with its brotli body compressed at the best setting. */
export async function withBestBrotli(entry: CachedDocument): Promise<CachedDocument> {
  const br = await brotli(entry.bodies.identity, 'best');
  // Brotli 10 is never larger in practice; if it were, the fast copy stays.
  if (br.length >= entry.bodies.br.length) return { ...entry, compression: 'best' };
  return {
    ...entry,
    bodies: { ...entry.bodies, br },
    headers: { ...entry.headers, br: [...entry.headers.br.slice(0, -1), String(br.length)] },
    compression: 'best',
    bytes: entry.bytes - entry.bodies.br.length + br.length,
  };
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
