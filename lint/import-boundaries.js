// The import boundaries of the code base, as one ESLint rule: every import (static, `export … from`,
// dynamic `import()`, `typeof import()`) is resolved to a path of the repository before it is
// judged, so a relative climb of any depth and an alias are the same import.
// Why a rule of our own: docs/decisions/0009-lint-format-and-boundaries.md.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// package.json `imports` is the source of truth for the aliases (`#server/*` → `./server/*`).
const aliases = Object.entries(
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).imports ?? {},
)
  .filter(([key, target]) => key.endsWith('/*') && typeof target === 'string' && target.endsWith('/*'))
  .map(([key, target]) => [key.slice(0, -1), path.posix.normalize(target.slice(0, -1))]);

const EXTENSION = /\.(ts|tsx|js|jsx|mjs|cjs)$/;

/** The import's target as a repository path without extension ('server/seed/x'), or null for a package. */
export function resolveTarget(fromFile, specifier) {
  let target;
  if (specifier.startsWith('./') || specifier.startsWith('../') || specifier === '.' || specifier === '..') {
    target = path.posix.join(path.posix.dirname(fromFile), specifier);
  } else {
    const alias = aliases.find(([prefix]) => specifier.startsWith(prefix));
    if (!alias) return null;
    target = path.posix.join(alias[1], specifier.slice(alias[0].length));
  }
  return target.replace(EXTENSION, '').replace(/\/$/, '');
}

const within = (file, folder) => file === folder || file.startsWith(`${folder}/`);
const RUNTIME = ['server', 'client', 'shared'];
const isRuntime = (file) => RUNTIME.some((folder) => within(file, folder));

/** The folder of `area/<name>/…` a file is in, or null (a top-level file of the area has none). */
function subfolder(file, area) {
  if (!file.startsWith(`${area}/`)) return null;
  const parts = file.slice(area.length + 1).split('/');
  return parts.length > 1 ? parts[0] : null;
}

const SCHEMA_BASES = ['fields', 'images'];

/**
 * Each boundary: `check(from, to)` answers the French message when `from` (the importing
 * file, without extension) may not import `to` (the resolved target), else undefined.
 */
export const BOUNDARIES = [
  {
    name: 'shared-outside',
    check: (from, to) =>
      within(from, 'shared') && !within(to, 'shared')
        ? "shared/ n'importe que shared/ et des paquets."
        : undefined,
  },
  {
    name: 'server-client',
    check: (from, to) =>
      within(from, 'server') && within(to, 'client')
        ? 'Le code serveur ne dépend pas du client : placez ce qui est partagé dans shared/.'
        : undefined,
  },
  {
    name: 'client-server',
    check: (from, to) =>
      within(from, 'client') && within(to, 'server')
        ? 'Le client ne dépend pas du serveur : placez ce qui est partagé dans shared/.'
        : undefined,
  },
  {
    // A migration that ran somewhere must keep producing the same schema.
    name: 'migration-app',
    check: (from, to) =>
      within(from, 'migrations') && !within(to, 'migrations')
        ? "Une migration est figée : elle n'importe rien de l'application."
        : undefined,
  },
  {
    // The entry point seeds the demo content on a first start, and the seed is its own program.
    name: 'runtime-seed',
    check: (from, to) =>
      isRuntime(from) && within(to, 'server/seed') && from !== 'server/index' && !within(from, 'server/seed')
        ? "Le code d'exécution n'importe pas les données de démonstration (server/seed/)."
        : undefined,
  },
  {
    name: 'runtime-tests',
    check: (from, to) =>
      isRuntime(from) && (within(to, 'tests') || within(to, 'bench'))
        ? "Le code d'exécution n'importe ni les tests (tests/) ni les mesures (bench/)."
        : undefined,
  },
  {
    name: 'client-building-blocks',
    check: (from, to) =>
      (within(from, 'client/components') || within(from, 'client/lib')) &&
      ['client/pages', 'client/islands', 'client/admin'].some((folder) => within(to, folder))
        ? "client/components et client/lib servent les pages, îlots et écrans : ils n'en importent rien."
        : undefined,
  },
  {
    name: 'admin-screens',
    check: (from, to) => {
      const screen = subfolder(from, 'client/admin');
      const target = subfolder(to, 'client/admin');
      return screen && target && target !== screen && target !== 'kit'
        ? "Un écran d'administration n'importe pas un autre écran : placez ce qui est partagé dans client/admin/kit/."
        : undefined;
    },
  },
  {
    name: 'feature-internals',
    check: (from, to) => {
      const feature = subfolder(from, 'server/features');
      const target = subfolder(to, 'server/features');
      if (!feature || !target || target === feature) return undefined;
      const rest = to.slice(`server/features/${target}/`.length);
      return rest === 'index' || /^[^/]+\.service$/.test(rest)
        ? undefined
        : `Une fonctionnalité n'entre pas dans une autre : passez par server/features/${target}/index.ts ou son *.service.ts.`;
    },
  },
  {
    // An entity schema builds on the generic parsers and the image rules, never on another
    // entity's schema: docs/decisions/0013-typescript-configs-and-runtime-image.md.
    name: 'schema-schema',
    check: (from, to) =>
      path.posix.dirname(from) === 'shared/schemas' &&
      path.posix.dirname(to) === 'shared/schemas' &&
      to !== from &&
      !SCHEMA_BASES.includes(path.posix.basename(to))
        ? "Un schéma n'importe que shared/schemas/fields, shared/schemas/images et shared/constants : pas un autre schéma."
        : undefined,
  },
];

/** The first boundary `from` → `to` crosses, as its message, or undefined. */
export function boundaryMessage(from, to) {
  for (const boundary of BOUNDARIES) {
    const message = boundary.check(from, to);
    if (message) return message;
  }
  return undefined;
}

function literalSource(node) {
  if (!node) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis[0].value.cooked;
  // `typeof import('…')`: typescript-eslint wraps the literal in a type node.
  if (node.type === 'TSLiteralType') return literalSource(node.literal);
  return undefined;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries between the areas of the code base (decision 0009).' },
    schema: [],
  },
  create(context) {
    const relative = path.relative(ROOT, context.filename);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return {};
    const from = relative.split(path.sep).join('/').replace(EXTENSION, '');
    const check = (sourceNode) => {
      const specifier = literalSource(sourceNode);
      if (specifier === undefined) return;
      const to = resolveTarget(from, specifier);
      if (to === null) return;
      const message = boundaryMessage(from, to);
      if (message) context.report({ node: sourceNode, message: `${message} (${specifier})` });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      // typescript-eslint 8 names the literal `source`; older versions `argument`.
      TSImportType: (node) => check(node.source ?? node.argument),
    };
  },
};

export default { rules: { 'import-boundaries': rule } };
