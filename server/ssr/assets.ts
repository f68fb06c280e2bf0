import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_STYLES, type PageStyle } from '#shared/page-meta';

/**
 * Which styles and scripts a document references. Production reads Vite's manifest once;
 * development points at the sources that Vite's middleware transforms on the fly.
 */
export interface PageAssets {
  /** CSS inlined in <style> (public pages): no render-blocking request. */
  inlineCss: string | null;
  /** Its sha256 source for the document's Content-Security-Policy (style-src). */
  inlineCssHash: string | null;
  stylesheets: string[];
  /** Module scripts to execute, in order. */
  scripts: string[];
  /** Chunks the scripts will import, announced early with modulepreload. */
  preloads: string[];
}

export interface ClientAssets {
  forPage(app: 'public' | 'admin', islands: string[], styles?: PageStyle[]): PageAssets;
  /**
   * sha256 sources every response's CSP allows in style-src. Empty in production: each
   * document allows the hash of its own inline CSS (allowInlineStyle), which differs from
   * page to page (decision 0023).
   */
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
/** React's half of the islands, a dynamic import of the entry (client/lib/hydrate-island.tsx). */
const HYDRATE_MODULE = 'client/lib/hydrate-island.tsx';
const ADMIN_ENTRY = 'client/entry-admin.tsx';
const BASE_CSS = 'client/styles/base.css';
const SITE_CSS = 'client/styles/site.css';
const pageCss = (name: PageStyle) => `client/styles/pages/${name}.css`;

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
  const css = (key: string) => readFileSync(path.join(clientDir, chunk(key).file), 'utf8');
  // Only what a document uses is inlined (decision 0023): the back office gets the base
  // (colours, reset, buttons) and its own linked sheets; a public page the base, the
  // site's shared rules, then the page sheets its route lists, in one fixed order, so a
  // page's rules win over the shared ones. Checked against the single sheet this replaced:
  // the computed style of every element of every public page is unchanged.
  const baseCss = css(BASE_CSS);
  const siteCss = css(SITE_CSS);
  const pageSheets = new Map(PAGE_STYLES.map((name) => [name, css(pageCss(name))]));
  const publicCss = new Map<string, { text: string; hash: string }>();
  const publicCssFor = (styles: PageStyle[]) => {
    const names = PAGE_STYLES.filter((name) => styles.includes(name));
    const key = names.join(' ');
    let found = publicCss.get(key);
    if (found === undefined) {
      const text = [baseCss, siteCss, ...names.map((name) => pageSheets.get(name)!)].join('');
      found = { text, hash: cspHash(text) };
      publicCss.set(key, found);
    }
    return found;
  };
  const admin = chunk(ADMIN_ENTRY);
  const adminAssets: PageAssets = {
    inlineCss: baseCss,
    inlineCssHash: cspHash(baseCss),
    stylesheets: (admin.css ?? []).map((file) => `/${file}`),
    scripts: [`/${admin.file}`],
    preloads: importsOf(ADMIN_ENTRY),
  };

  return {
    styleHashes: [],
    forPage(app, islands, styles = []) {
      if (app === 'admin') return adminAssets;
      const { text: inlineCss, hash: inlineCssHash } = publicCssFor(styles);
      if (islands.length === 0)
        return { inlineCss, inlineCssHash, stylesheets: [], scripts: [], preloads: [] };
      const islandChunks = [...new Set(islands)].flatMap((name) => {
        const key = `client/islands/${name}.tsx`;
        return [`/${chunk(key).file}`, ...importsOf(key)];
      });
      return {
        inlineCss,
        inlineCssHash,
        stylesheets: [],
        scripts: [`/${chunk(ISLANDS_ENTRY).file}`],
        // Everything an island will import is fetched with the page, even for islands that
        // wait for their first use: a module preload is downloaded and compiled, not run,
        // so the first use waits for no network (decision 0023).
        preloads: [
          ...new Set([
            ...importsOf(ISLANDS_ENTRY),
            `/${chunk(HYDRATE_MODULE).file}`,
            ...importsOf(HYDRATE_MODULE),
            ...islandChunks,
          ]),
        ],
      };
    },
  };
}

export function developmentAssets(): ClientAssets {
  return {
    styleHashes: [],
    forPage(app, islands) {
      // Vite's transformIndexHtml adds its HMR client and the React Refresh preamble.
      // Every sheet, in the production order: development does not pick per page.
      const sheets = [BASE_CSS, SITE_CSS, ...PAGE_STYLES.map(pageCss)].map((file) => `/${file}`);
      const base = { inlineCss: null, inlineCssHash: null, stylesheets: sheets, preloads: [] };
      if (app === 'admin') return { ...base, stylesheets: [`/${BASE_CSS}`], scripts: [`/${ADMIN_ENTRY}`] };
      return { ...base, scripts: islands.length ? [`/${ISLANDS_ENTRY}`] : [] };
    },
  };
}
