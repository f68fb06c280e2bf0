#!/usr/bin/env node
// `npm start` builds what is missing: the client bundles and the server-rendering bundle.
// A build is "missing" when dist lacks a file or when a source file changed after the
// last build (so a `git pull` never serves stale pages). `--stamp` records a fresh build.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stampFile = path.join(root, 'dist', '.build-stamp');
const required = ['dist/client/.vite/manifest.json', 'dist/sw/sw.js', 'dist/ssr/entry-server.js'];
const sources = ['client', 'shared', 'vite.config.ts', 'vite.sw.config.ts', 'package-lock.json'];

function newestMtime(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

const sourcesMtime = Math.max(...sources.map(newestMtime));

if (process.argv.includes('--stamp')) {
  writeFileSync(stampFile, String(sourcesMtime));
  process.exit(0);
}

const missing = required.filter((file) => !existsSync(path.join(root, file)));
const stamp = existsSync(stampFile) ? Number(readFileSync(stampFile, 'utf8')) : 0;
if (missing.length === 0 && stamp >= sourcesMtime) process.exit(0);

console.log(
  missing.length
    ? `Construction du client (manquant : ${missing.join(', ')})…`
    : 'Sources modifiées depuis la dernière construction : reconstruction…',
);
execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
