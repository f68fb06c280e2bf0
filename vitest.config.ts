import { defineConfig } from 'vitest/config';

// Three tiers, each a vitest project; `npm test` (scripts/test-all.mjs) runs them in order
// and prints the total over all of them.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // Each file opens its own databases (a temp SQLite folder, a MariaDB database of a
          // random name) and Redis keys under its own prefix, so two files at once never meet.
          // Two workers, one per core: about a quarter faster than one file at a time
          // (docs/decisions/0016-e2e-harness-and-test-row-builders.md).
          fileParallelism: true,
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // Seeds once the database and storage every test server starts from a copy of.
          globalSetup: ['tests/helpers/e2e-global-setup.ts'],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
