import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';

/**
 * No circle between server features: if feature A imports B, B never reaches back to A,
 * directly or through others, so each feature can be read, tested and changed from the
 * ones it uses (docs/decisions/0009-lint-format-and-boundaries.md).
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FEATURES = path.join(ROOT, 'server/features');

// Static imports, `export … from` and dynamic `import('…')`, types included.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)['"]([^'"]+)['"]/gm;

/** The feature a specifier written in `file` lands in, or null. */
function targetFeature(file: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('#server/'))
    target = path.join(ROOT, 'server', specifier.slice('#server/'.length));
  else if (specifier.startsWith('.')) target = path.resolve(path.dirname(file), specifier);
  else return null;
  // '#server/features/mail' (its index.ts) and '../mail/mail-deps' both land in 'mail'.
  const [feature] = path.relative(FEATURES, target).split(path.sep);
  return feature && feature !== '..' ? feature : null;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Feature → the features it imports. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const feature of readdirSync(FEATURES, { withFileTypes: true })) {
    if (!feature.isDirectory()) continue;
    const uses = new Set<string>();
    for (const file of sourceFiles(path.join(FEATURES, feature.name))) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
        const target = targetFeature(file, specifier!);
        if (target && target !== feature.name) uses.add(target);
      }
    }
    graph.set(feature.name, uses);
  }
  return graph;
}

/** A circle of the graph as the features along it ('a → b → a'), or null. */
function findCircle(graph: Map<string, Set<string>>): string | null {
  const done = new Set<string>();
  const path: string[] = [];
  const visit = (node: string): string | null => {
    const at = path.indexOf(node);
    if (at >= 0) return [...path.slice(at), node].join(' → ');
    if (done.has(node)) return null;
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      const circle = visit(next);
      if (circle) return circle;
    }
    path.pop();
    done.add(node);
    return null;
  };
  for (const node of graph.keys()) {
    const circle = visit(node);
    if (circle) return circle;
  }
  return null;
}

test('the graph is read from the sources: products uses categories, mail uses outbox', () => {
  const graph = featureGraph();
  expect(graph.get('products')).toContain('categories');
  expect(graph.get('mail')).toContain('outbox');
  expect(graph.get('contact-messages')).toContain('mail');
});

test('the circle finder names a circle', () => {
  const graph = new Map([
    ['a', new Set(['b'])],
    ['b', new Set(['c'])],
    ['c', new Set(['a'])],
    ['d', new Set<string>()],
  ]);
  expect(findCircle(graph)).toBe('a → b → c → a');
  expect(findCircle(new Map([['a', new Set(['b'])]]))).toBeNull();
});

test('no circle between server features', () => {
  expect(findCircle(featureGraph())).toBeNull();
});
