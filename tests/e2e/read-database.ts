import { createRequire } from 'node:module';

/**
 * Read-only access to the test server's SQLite file, to compare pages with what the seed
 * wrote. better-sqlite3 ships without type declarations (and @types/better-sqlite3 is not
 * a dependency), so the little of its API used here is typed locally.
 */
interface Statement {
  all(...params: unknown[]): unknown[];
}
interface ReadOnlyDatabase {
  prepare(sql: string): Statement;
  close(): void;
}
type DatabaseConstructor = new (
  file: string,
  options: { readonly: boolean; fileMustExist: boolean },
) => ReadOnlyDatabase;

const Database = createRequire(import.meta.url)('better-sqlite3') as DatabaseConstructor;

/** Runs one query against the file, opened read-only so the running server is never disturbed. */
export function queryReadOnly<Row>(databasePath: string, sql: string, ...params: unknown[]): Row[] {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as Row[];
  } finally {
    db.close();
  }
}
