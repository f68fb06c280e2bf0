import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { documentText, firstResponseBytes, rawGet, scriptUrls } from './http-probe';

/** First response bytes and JavaScript per page, and the back office's bundle for information. */

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function readManifest(root: string): Manifest {
  return JSON.parse(
    readFileSync(path.join(root, 'dist', 'client', '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
}

const ADMIN_ENTRY = 'client/entry-admin.tsx';

/** Files that belong to the back office only: its entry and everything under client/admin/. */
export function adminFiles(root: string): Set<string> {
  const manifest = readManifest(root);
  return new Set(
    Object.entries(manifest)
      .filter(([key]) => key === ADMIN_ENTRY || key.startsWith('client/admin/'))
      .map(([, chunk]) => `/${chunk.file}`),
  );
}

/** What /login or /admin loads first: the admin entry and its static imports, gzip. */
export function adminBundleGzip(root: string): number {
  const manifest = readManifest(root);
  const seen = new Set<string>([ADMIN_ENTRY]);
  const walk = (key: string) => {
    for (const dep of manifest[key]?.imports ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      walk(dep);
    }
  };
  walk(ADMIN_ENTRY);
  return [...seen].reduce(
    (sum, key) => sum + gzipSync(readFileSync(path.join(root, 'dist', 'client', manifest[key]!.file))).length,
    0,
  );
}

export interface PageWeight {
  firstResponse: number;
  /** Gzip bytes of every script and module preload the document references, as sent. */
  javascript: number;
  scripts: string[];
  adminReferenced: string[];
}

export async function pageWeight(baseUrl: string, pagePath: string, admin: Set<string>): Promise<PageWeight> {
  // The first request renders and fills the cache; measure what every later visitor gets.
  await rawGet(`${baseUrl}${pagePath}`, { 'Accept-Encoding': 'gzip' });
  const firstResponse = await firstResponseBytes(baseUrl, pagePath);
  const html = documentText(await rawGet(`${baseUrl}${pagePath}`, { 'Accept-Encoding': 'gzip' }));
  const scripts = scriptUrls(html);
  let javascript = 0;
  for (const src of scripts) {
    const answer = await rawGet(new URL(src, baseUrl).href, { 'Accept-Encoding': 'gzip' });
    if (answer.status !== 200) throw new Error(`${src} (référencé par ${pagePath}) : ${answer.status}`);
    javascript +=
      answer.headers['content-encoding'] === 'gzip' ? answer.body.length : gzipSync(answer.body).length;
  }
  return { firstResponse, javascript, scripts, adminReferenced: scripts.filter((s) => admin.has(s)) };
}
