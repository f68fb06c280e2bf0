import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { defineConfig, type UserConfig } from 'vite';

/**
 * The back office's service worker (client/admin/sw.ts), built after the client (`npm run
 * build`) into dist/sw/sw.js, one classic script with what it imports, served at
 * /admin/sw.js. It is given the files of the client just built that the back office may
 * load (its entry and every chunk it can import, the photo worker included) and a version
 * drawn from them: a new build of the back office is a new worker, whose install caches
 * that build and whose activation deletes the older caches
 * (docs/decisions/0046-site-updates-offline.md).
 */
interface ManifestChunk {
  file: string;
  src?: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

const ADMIN_ENTRY = 'client/entry-admin.tsx';

/**
 * The manifest lists a chunk's dynamic imports as its sources had them, before unused code
 * was dropped: the admin entry's still name every public page, whose routes share
 * client/routes.tsx with the back office's though the entry keeps only the latter. A
 * dynamic import is followed only when the built chunk really names its file, so a staff
 * phone's install fetches the back office, not the public site's pages.
 */
function adminFiles(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(`/${chunk.file}`);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${file}`);
    for (const next of chunk.imports ?? []) visit(next);
    const code = readFileSync(`dist/client/${chunk.file}`, 'utf8');
    for (const next of chunk.dynamicImports ?? []) {
      const target = manifest[next];
      if (target && code.includes(basename(target.file))) visit(next);
    }
  };
  visit(ADMIN_ENTRY);
  // Workers are emitted beside the chunks, not as their imports: found by their source's name.
  for (const [key, chunk] of Object.entries(manifest))
    if (/\.worker\.ts$/.test(key)) files.add(`/${chunk.file}`);
  return [...files].sort();
}

export default defineConfig((): UserConfig => {
  const manifest = JSON.parse(readFileSync('dist/client/.vite/manifest.json', 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const files = adminFiles(manifest);
  const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 16);
  return {
    publicDir: false,
    define: {
      __SHELL_VERSION__: JSON.stringify(version),
      __SHELL_FILES__: JSON.stringify(files),
    },
    build: {
      outDir: 'dist/sw',
      emptyOutDir: true,
      rolldownOptions: {
        input: { sw: 'client/admin/sw.ts' },
        output: { format: 'iife', entryFileNames: 'sw.js' },
      },
    },
  };
});
