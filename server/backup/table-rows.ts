import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { createInterface } from 'node:readline';
import type { Knex } from 'knex';
import { engineOf } from '#server/db/dialect';

/**
 * Tables as JSON lines, one file a table (`db/{table}.jsonl`), in a form both engines read
 * back: dates are the `YYYY-MM-DD HH:MM:SS` strings both answer (server/db/dialect.ts),
 * numbers stay numbers, and nothing engine-specific (no SQL) is written. A backup of the
 * SQLite site restores into MySQL the day the company moves to it.
 */

/** Knex's own bookkeeping is not data: the restore migrates the target itself. */
const BOOKKEEPING = /^(knex_migrations(_lock)?|sqlite_.*)$/;
const BATCH = 500;

export async function dataTables(knex: Knex): Promise<string[]> {
  const rows: { name: string }[] =
    engineOf(knex) === 'sqlite'
      ? await knex('sqlite_master').select('name').where('type', 'table')
      : (
          await knex.raw(
            'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()',
          )
        )[0];
  return rows
    .map((row) => row.name)
    .filter((name) => !BOOKKEEPING.test(name))
    .sort();
}

/** The primary key's first column, for a stable order of rows (ids, or `name` of the counters). */
async function orderColumn(knex: Knex, table: string): Promise<string> {
  const info = await knex(table).columnInfo();
  return 'id' in info ? 'id' : (Object.keys(info)[0] ?? 'id');
}

/** Writes every row of every table, read through `reader` (a transaction holding one snapshot). */
export async function writeTables(
  reader: Knex | Knex.Transaction,
  tables: readonly string[],
  dir: string,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const out = createWriteStream(path.join(dir, `${table}.jsonl`));
    const order = await orderColumn(reader as Knex, table);
    let count = 0;
    for (let offset = 0; ; offset += BATCH) {
      const rows: Record<string, unknown>[] = await reader(table)
        .select('*')
        .orderBy(order)
        .limit(BATCH)
        .offset(offset);
      for (const row of rows) if (!out.write(`${JSON.stringify(row)}\n`)) await once(out, 'drain');
      count += rows.length;
      if (rows.length < BATCH) break;
    }
    out.end();
    await once(out, 'finish');
    counts[table] = count;
  }
  return counts;
}

/** Inserts the rows of `db/{table}.jsonl` into `table`, in batches; answers how many. */
export async function loadTable(trx: Knex.Transaction, table: string, dir: string): Promise<number> {
  const lines = createInterface({
    input: createReadStream(path.join(dir, `${table}.jsonl`)),
    crlfDelay: Infinity,
  });
  let batch: Record<string, unknown>[] = [];
  let count = 0;
  for await (const line of lines) {
    if (line.trim() === '') continue;
    batch.push(JSON.parse(line) as Record<string, unknown>);
    if (batch.length === BATCH) {
      await trx(table).insert(batch);
      count += batch.length;
      batch = [];
    }
  }
  if (batch.length > 0) await trx(table).insert(batch);
  return count + batch.length;
}
