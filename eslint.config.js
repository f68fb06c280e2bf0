// ESLint flat config. Why these rules and how the import boundaries are drawn:
// docs/decisions/0009-lint-format-and-boundaries.md.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './lint/import-boundaries.js';

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
  { files: ['client/**'], languageOptions: { globals: { ...globals.browser } } },
  // Import boundaries: which area may import which, static or dynamic, by alias or by a
  // relative path of any depth (lint/import-boundaries.js holds the list).
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { edifier: boundaries },
    rules: { 'edifier/import-boundaries': 'error' },
  },
);
