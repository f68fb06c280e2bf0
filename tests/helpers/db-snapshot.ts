import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Knex } from 'knex';
import { engineOf } from '#server/db/dialect';

export interface Snapshot {
  /** Per table, its number of rows and a digest of their content, in any order. */
  rows: Record<string, string>;
  /** Every file under the folder with its size. */
  files: Record<string, number>;
}

const digest = (values: string[]) => createHash('sha256').update(values.sort().join('\n')).digest('hex');

/**
 * Every row of every table and every file under a folder, to prove that refused calls
 * changed nothing, not a count only (a refused status change adds no row):
 *
 *   const before = await snapshot(db.knex, api.layout.root);
 *   ...refused calls...
 *   expect(await snapshot(db.knex, api.layout.root)).toEqual(before);
 */
export async function snapshot(knex: Knex, root: string): Promise<Snapshot> {
  const tables: string[] =
    engineOf(knex) === 'sqlite'
      ? await knex('sqlite_master')
          .where({ type: 'table' })
          .whereNot('name', 'like', 'sqlite_%')
          .pluck('name')
      : (
          await knex.raw(
            'select table_name as name from information_schema.tables where table_schema = database()',
          )
        )[0].map((row: { name: string }) => row.name);
  const rows: Record<string, string> = {};
  for (const table of tables.sort()) {
    const all: unknown[] = await knex(table).select('*');
    rows[table] = `${all.length} ${digest(all.map((row) => JSON.stringify(row)))}`;
  }
  const files: Record<string, number> = {};
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const full = path.join(entry.parentPath, entry.name);
      files[path.relative(root, full)] = statSync(full).size;
    }
  return { rows, files };
}
