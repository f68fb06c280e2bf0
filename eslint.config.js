// ESLint flat config. Why these rules and how the import boundaries are drawn:
// docs/decisions/0009-lint-format-and-boundaries.md.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries. Each area lists what it may not import; ESLint's own
// `no-restricted-imports` does the work, so no plugin has to understand our aliases.
const clientImports = {
  regex: '^(#client/|(\\.\\./)+client/)',
  message: 'Le code serveur ne dépend pas du client : placez ce qui est partagé dans shared/.',
};
const serverImports = {
  regex: '^(#server/|(\\.\\./)+server/)',
  message: 'Le client ne dépend pas du serveur : placez ce qui est partagé dans shared/.',
};
const seedImports = {
  regex: '^(#server/seed/|(\\.\\./)+seed/)',
  message: "Le code d'exécution n'importe pas les données de démonstration (server/seed/).",
};
const appImports = {
  regex: '^(#|\\.\\./)',
  message: "Une migration est figée : elle n'importe rien de l'application.",
};
const sharedOutside = {
  regex: '^(#server/|#client/|\\.\\./\\.\\./)',
  message: "shared/ n'importe que shared/ et des paquets.",
};

// An entity schema builds on the generic field parsers and the image rules, never on another
// entity's schema: docs/decisions/0013-typescript-configs-and-runtime-image.md.
const otherSchemas = {
  regex: '^(\\./|#shared/schemas/)(?!(fields|images)$)',
  message:
    "Un schéma n'importe que shared/schemas/fields, shared/schemas/images et shared/constants : pas un autre schéma.",
};

const boundaries = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['dist/', 'storage/', 'backups/', '.tmp/', 'coverage/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // The two classic rules. The React Compiler rules of v7 (refs, set-state-in-effect…)
      // judge code written for the compiler, which this project does not use.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Unused names are TypeScript's job (noUnusedLocals / noUnusedParameters).
      '@typescript-eslint/no-unused-vars': 'off',
      // `typeof import('…')` stays allowed: it names a lazily loaded module's type without loading it.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: { ...globals.node } } },
  {
    files: ['client/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: boundaries(serverImports),
  },
  { files: ['server/**'], rules: boundaries(clientImports, seedImports) },
  // The entry point seeds the demo content on first start, and the seed is its own program.
  { files: ['server/index.ts', 'server/seed/**'], rules: boundaries(clientImports) },
  { files: ['shared/**'], rules: boundaries(sharedOutside) },
  // Repeats sharedOutside: a later block's no-restricted-imports replaces the earlier one.
  { files: ['shared/schemas/*'], rules: boundaries(sharedOutside, otherSchemas) },
  { files: ['migrations/**'], rules: boundaries(appImports) },
);
