import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
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

function adminFiles(manifest: Record<string, ManifestChunk>): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(`/${chunk.file}`);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(`/${file}`);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
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
