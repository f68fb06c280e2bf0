import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Which styles and scripts a document references. Production reads Vite's manifest once;
 * development points at the sources that Vite's middleware transforms on the fly.
 */
export interface PageAssets {
  /** CSS inlined in <style> (public pages): no render-blocking request. */
  inlineCss: string | null;
  stylesheets: string[];
  /** Module scripts to execute, in order. */
  scripts: string[];
  /** Chunks the scripts will import, announced early with modulepreload. */
  preloads: string[];
}

export interface ClientAssets {
  forPage(app: 'public' | 'admin', islands: string[]): PageAssets;
  /** sha256 sources of the inline CSS, for the CSP's style-src. */
  styleHashes: string[];
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const ISLANDS_ENTRY = 'client/entry-islands.tsx';
const ADMIN_ENTRY = 'client/entry-admin.tsx';
const SITE_CSS = 'client/styles/site.css';

export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

export function productionAssets(clientDir: string): ClientAssets {
  const manifest = JSON.parse(
    readFileSync(path.join(clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Manifest;
  const chunk = (key: string): ManifestChunk => {
    const found = manifest[key];
    if (!found) throw new Error(`Entrée absente du manifeste Vite : ${key} (relancez npm run build)`);
    return found;
  };
  /** Every static import of a chunk, depth first, without repeats. */
  const importsOf = (key: string, seen = new Set<string>()): string[] => {
    for (const dep of chunk(key).imports ?? []) {
      if (seen.has(dep)) continue;
      seen.add(dep);
      importsOf(dep, seen);
    }
    return [...seen].map((dep) => `/${chunk(dep).file}`);
  };
  const siteCss = readFileSync(path.join(clientDir, chunk(SITE_CSS).file), 'utf8');
  const admin = chunk(ADMIN_ENTRY);
  const adminAssets: PageAssets = {
    inlineCss: siteCss,
    stylesheets: (admin.css ?? []).map((file) => `/${file}`),
    scripts: [`/${admin.file}`],
    preloads: importsOf(ADMIN_ENTRY),
  };

  return {
    styleHashes: [cspHash(siteCss)],
    forPage(app, islands) {
      if (app === 'admin') return adminAssets;
      if (islands.length === 0) return { inlineCss: siteCss, stylesheets: [], scripts: [], preloads: [] };
      const islandChunks = [...new Set(islands)].flatMap((name) => {
        const key = `client/islands/${name}.tsx`;
        return [`/${chunk(key).file}`, ...importsOf(key)];
      });
      return {
        inlineCss: siteCss,
        stylesheets: [],
        scripts: [`/${chunk(ISLANDS_ENTRY).file}`],
        preloads: [...new Set([...importsOf(ISLANDS_ENTRY), ...islandChunks])],
      };
    },
  };
}

export function developmentAssets(): ClientAssets {
  return {
    styleHashes: [],
    forPage(app, islands) {
      // Vite's transformIndexHtml adds its HMR client and the React Refresh preamble.
      const base = { inlineCss: null, stylesheets: [`/${SITE_CSS}`], preloads: [] };
      if (app === 'admin') return { ...base, scripts: [`/${ADMIN_ENTRY}`] };
      return { ...base, scripts: islands.length ? [`/${ISLANDS_ENTRY}`] : [] };
    },
  };
}
