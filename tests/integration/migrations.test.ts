import { readFileSync } from 'node:fs';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  databaseName,
  decodeJson,
  encodeJson,
  engineOf,
  fromDbDate,
  fromDbDateTime,
  isForeignKeyViolation,
  isUniqueViolation,
  ping,
  toBool,
  toDbDate,
  toDbDateTime,
  toNumber,
  whereContains,
} from '#server/db/dialect';
import { migrateLatest, pendingMigrations, rollbackAll } from '#server/db/migrate';
import { migrations } from '../../migrations/index';
import { testEngines, type TestDb } from '../helpers/test-db';

// ---------------------------------------------------------------------------------------
// The contract, read from docs/data-model.md itself, so the schema and its documentation
// cannot drift apart silently.
// ---------------------------------------------------------------------------------------

interface ColumnSpec {
  name: string;
  /** Engine-neutral: increments, fk, int, bigint, boolean, text, date, datetime, varchar(n), decimal(p,s). */
  type: string;
  nullable: boolean;
  default: string | null;
  unique: boolean;
  index: boolean;
  primary: boolean;
  references?: { table: string; onDelete: 'RESTRICT' | 'CASCADE' };
}

/** Splits on commas that are outside parentheses and backticks. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (const char of text) {
    if (char === '`') quoted = !quoted;
    else if (!quoted && char === '(') depth++;
    else if (!quoted && char === ')') depth--;
    if (char === ',' && depth === 0 && !quoted) {
      parts.push(current.trim());
      current = '';
    } else current += char;
  }
  parts.push(current.trim());
  return parts.filter(Boolean);
}

function parseColumn(entry: string): ColumnSpec {
  const match = /^(\w+)(?:\s*\((.*)\))?$/s.exec(entry);
  if (!match) throw new Error(`docs/data-model.md: unreadable column "${entry}"`);
  const [, name = '', details = ''] = match;
  const spec: ColumnSpec = {
    name,
    type: '',
    nullable: false,
    default: null,
    unique: false,
    index: false,
    primary: false,
  };
  const tokens = splitTopLevel(
    details.replace(/decimal (\d+),\s*(\d+)/, 'decimal $1.$2').replaceAll('**', ''),
  );
  for (const token of tokens) {
    let m: RegExpExecArray | null;
    if (!spec.type && (m = /^(\d+)(?::|$)/.exec(token))) spec.type = `varchar(${m[1]})`;
    else if (!spec.type && (m = /^decimal (\d+)\.(\d+)/.exec(token))) spec.type = `decimal(${m[1]},${m[2]})`;
    else if (!spec.type && (m = /^(datetime|date|bigint|integer|boolean|text)\b/.exec(token)))
      spec.type = m[1] === 'integer' ? 'int' : (m[1] ?? '');
    else if ((m = /^FK (\w+)/.exec(token))) {
      spec.type = 'fk';
      spec.references = { table: m[1] ?? '', onDelete: 'RESTRICT' };
    } else if ((m = /^(restrict|cascade)\b/i.exec(token)) && spec.references)
      spec.references.onDelete = (m[1] ?? '').toUpperCase() as 'RESTRICT' | 'CASCADE';
    else if (/^null\b/.test(token)) spec.nullable = true;
    else if (/^unique\b/.test(token)) spec.unique = true;
    else if (/^index\b/.test(token)) spec.index = true;
    else if (/^primary\b/.test(token)) spec.primary = true;
    else if ((m = /^default (?:`([^`]*)`|(\S+))/.exec(token))) spec.default = m[1] ?? m[2] ?? null;
    // Anything else is commentary ("like `PRD-0042`", "m²", ...).
  }
  if (name === 'id' && !spec.type) Object.assign(spec, { type: 'increments', primary: true });
  if ((name === 'created_at' || name === 'updated_at') && !spec.type) {
    // Our addition to the contract: both engines fill them with the UTC now when omitted.
    Object.assign(spec, { type: 'datetime', default: 'CURRENT_TIMESTAMP' });
  }
  if (!spec.type) throw new Error(`docs/data-model.md: no type for column "${entry}"`);
  return spec;
}

/** Keys over several columns, written after the columns: `; unique (kind, entity_id)`. */
const compositeKeys = new Map<string, string[]>();

function readContract(): Map<string, ColumnSpec[]> {
  const doc = readFileSync(new URL('../../docs/data-model.md', import.meta.url), 'utf8');
  const tables = new Map<string, ColumnSpec[]>();
  for (const line of doc.split('\n')) {
    const row = /^\| `(\w+)` \| (.+) \|$/.exec(line.trim());
    if (!row) continue;
    const [columns = '', ...keys] = (row[2] ?? '').split(/; (?=(?:unique|index) \()/);
    tables.set(row[1] ?? '', splitTopLevel(columns).map(parseColumn));
    compositeKeys.set(
      row[1] ?? '',
      keys.map((key) => {
        const m = /^(unique|index) \(([\w, ]+)\)$/.exec(key.trim());
        if (!m) throw new Error(`docs/data-model.md: unreadable key "${key}"`);
        return `${m[1]}(${(m[2] ?? '').split(/,\s*/).join(',')})`;
      }),
    );
  }
  return tables;
}

const contract = readContract();

// ---------------------------------------------------------------------------------------
// What the engine actually holds, normalised to the same vocabulary.
// ---------------------------------------------------------------------------------------

interface ActualColumn {
  name: string;
  type: string;
  unsigned: boolean;
  nullable: boolean;
  default: string | null;
  autoIncrement: boolean;
}
interface ActualIndex {
  columns: string[];
  unique: boolean;
  primary: boolean;
}
interface ActualForeignKey {
  column: string;
  table: string;
  to: string;
  onDelete: string;
}

function normaliseType(raw: string): { type: string; unsigned: boolean } {
  const text = raw.toLowerCase().replace(/\s+/g, ' ').trim();
  const unsigned = text.includes('unsigned');
  let type = text.replace('unsigned', '').replace(/\s+/g, '');
  if (type === 'tinyint(1)') type = 'boolean';
  type = type.replace(/^(int|integer|bigint)\(\d+\)$/, '$1').replace(/^integer$/, 'int');
  return { type, unsigned };
}

function normaliseDefault(raw: unknown): string | null {
  if (raw === null || raw === undefined || raw === 'NULL') return null;
  const text = String(raw).replace(/^'(.*)'$/, '$1');
  return /^current_timestamp(\(\))?$/i.test(text) ? 'CURRENT_TIMESTAMP' : text;
}

async function listTables(knex: Knex): Promise<string[]> {
  const rows: Array<{ name: string }> =
    engineOf(knex) === 'sqlite'
      ? await knex('sqlite_master').select('name').where('type', 'table')
      : (
          await knex.raw(
            'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()',
          )
        )[0];
  return rows
    .map((row) => row.name)
    .filter((name) => !name.startsWith('sqlite_'))
    .sort();
}

async function describeTable(knex: Knex, table: string) {
  if (engineOf(knex) === 'sqlite') {
    const columns = (await knex.raw(`PRAGMA table_info(\`${table}\`)`)) as Array<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: unknown;
      pk: number;
    }>;
    const indexList = (await knex.raw(`PRAGMA index_list(\`${table}\`)`)) as Array<{
      name: string;
      unique: number;
      origin: string;
    }>;
    const indexes: ActualIndex[] = [];
    for (const index of indexList) {
      const info = (await knex.raw(`PRAGMA index_info(\`${index.name}\`)`)) as Array<{ name: string }>;
      indexes.push({
        columns: info.map((c) => c.name),
        unique: index.unique === 1,
        primary: index.origin === 'pk',
      });
    }
    // An INTEGER PRIMARY KEY is the rowid itself and has no index of its own.
    for (const column of columns.filter((c) => c.pk > 0 && c.type.toLowerCase() === 'integer')) {
      indexes.push({ columns: [column.name], unique: true, primary: true });
    }
    const sql = (await knex('sqlite_master').where({ type: 'table', name: table }).first('sql')) as {
      sql: string;
    };
    const keys = (await knex.raw(`PRAGMA foreign_key_list(\`${table}\`)`)) as Array<{
      from: string;
      table: string;
      to: string;
      on_delete: string;
    }>;
    return {
      columns: columns.map<ActualColumn>((c) => ({
        name: c.name,
        ...normaliseType(c.type),
        nullable: c.notnull === 0 && c.pk === 0,
        default: normaliseDefault(c.dflt_value),
        autoIncrement: c.pk > 0 && /autoincrement/i.test(sql.sql),
      })),
      indexes,
      foreignKeys: keys.map<ActualForeignKey>((k) => ({
        column: k.from,
        table: k.table,
        to: k.to,
        onDelete: k.on_delete,
      })),
      options: { engine: 'sqlite', collation: null as string | null },
    };
  }
  const [columns] = (await knex.raw(
    `SELECT column_name AS name, column_type AS type, is_nullable AS nullable, column_default AS dflt, extra
       FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ?
      ORDER BY ordinal_position`,
    [table],
  )) as [Array<{ name: string; type: string; nullable: string; dflt: unknown; extra: string }>];
  const [stats] = (await knex.raw(
    `SELECT index_name AS name, non_unique AS nonUnique, column_name AS col
       FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ?
      ORDER BY index_name, seq_in_index`,
    [table],
  )) as [Array<{ name: string; nonUnique: number | string; col: string }>];
  const byName = new Map<string, ActualIndex>();
  for (const stat of stats) {
    const index = byName.get(stat.name) ?? {
      columns: [],
      unique: Number(stat.nonUnique) === 0,
      primary: stat.name === 'PRIMARY',
    };
    index.columns.push(stat.col);
    byName.set(stat.name, index);
  }
  const [keys] = (await knex.raw(
    `SELECT k.column_name AS col, k.referenced_table_name AS tbl, k.referenced_column_name AS too, r.delete_rule AS rule
       FROM information_schema.key_column_usage k
       JOIN information_schema.referential_constraints r
         ON r.constraint_schema = k.constraint_schema AND r.constraint_name = k.constraint_name
      WHERE k.table_schema = DATABASE() AND k.table_name = ? AND k.referenced_table_name IS NOT NULL`,
    [table],
  )) as [Array<{ col: string; tbl: string; too: string; rule: string }>];
  const [[options]] = (await knex.raw(
    'SELECT engine, table_collation AS collation FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?',
    [table],
  )) as [[{ engine: string; collation: string }]];
  return {
    columns: columns.map<ActualColumn>((c) => ({
      name: c.name,
      ...normaliseType(c.type),
      nullable: c.nullable === 'YES',
      default: normaliseDefault(c.dflt),
      autoIncrement: /auto_increment/i.test(c.extra),
    })),
    indexes: [...byName.values()],
    foreignKeys: keys.map<ActualForeignKey>((k) => ({
      column: k.col,
      table: k.tbl,
      to: k.too,
      onDelete: k.rule,
    })),
    options,
  };
}

function expectedType(spec: ColumnSpec): string {
  if (spec.type === 'increments' || spec.type === 'fk') return 'int';
  return spec.type;
}

// ---------------------------------------------------------------------------------------

describe('docs/data-model.md', () => {
  it('is readable as a contract of 32 tables', () => {
    expect([...contract.keys()]).toHaveLength(32);
    expect(contract.get('products')?.find((c) => c.name === 'category_id')?.references).toEqual({
      table: 'categories',
      onDelete: 'RESTRICT',
    });
  });
});

describe.each(testEngines())('migrations on $name', (engine) => {
  describe('from an empty database', () => {
    let db: TestDb;
    beforeAll(async () => {
      db = await engine.open();
    });
    afterAll(() => db.cleanup());

    it('applies every listed migration in order, then nothing on a second run', async () => {
      expect(await listTables(db.knex)).toEqual([]);
      expect(await migrateLatest(db.knex)).toEqual(migrations.map((m) => m.name));
      expect(await migrateLatest(db.knex)).toEqual([]);
      expect(await pendingMigrations(db.knex)).toEqual([]);
    });

    it('creates exactly the tables of the contract, plus knex bookkeeping', async () => {
      const expected = [...contract.keys(), 'knex_migrations', 'knex_migrations_lock'].sort();
      expect(await listTables(db.knex)).toEqual(expected);
    });

    it.each([...contract.keys()])(
      'creates %s with the columns, keys and indexes of the contract',
      async (table) => {
        const specs = contract.get(table) ?? [];
        const actual = await describeTable(db.knex, table);

        expect(actual.columns.map((c) => c.name).sort()).toEqual(specs.map((s) => s.name).sort());
        for (const spec of specs) {
          const column = actual.columns.find((c) => c.name === spec.name);
          const where = `${table}.${spec.name}`;
          expect({ where, type: column?.type, nullable: column?.nullable, default: column?.default }).toEqual(
            {
              where,
              type: expectedType(spec),
              nullable: spec.nullable,
              default: spec.default,
            },
          );
          if (spec.type === 'increments') expect(column?.autoIncrement, where).toBe(true);
          // MySQL refuses a foreign key between signed and unsigned integers.
          if (engine.name === 'mysql' && (spec.type === 'increments' || spec.type === 'fk')) {
            expect(column?.unsigned, where).toBe(true);
          }
        }

        // Every index: the contract's, plus one per foreign key (SQLite does not add them).
        const describeIndex = (i: ActualIndex) =>
          `${i.primary ? 'primary' : i.unique ? 'unique' : 'index'}(${i.columns.join(',')})`;
        const wanted = specs.flatMap((s) => [
          ...(s.primary ? [`primary(${s.name})`] : []),
          ...(s.unique ? [`unique(${s.name})`] : []),
          ...(s.index || s.references ? [`index(${s.name})`] : []),
        ]);
        wanted.push(...(compositeKeys.get(table) ?? []));
        expect(actual.indexes.map(describeIndex).sort()).toEqual(wanted.sort());

        const keys = specs
          .filter((s) => s.references)
          .map((s) => ({
            column: s.name,
            table: s.references?.table,
            to: 'id',
            onDelete: s.references?.onDelete,
          }));
        expect(actual.foreignKeys).toEqual(keys);

        if (engine.name === 'mysql') {
          expect(actual.options).toEqual({ engine: 'InnoDB', collation: 'utf8mb4_unicode_ci' });
        }
      },
    );
  });

  describe('on a migrated database', () => {
    let db: TestDb;
    let categoryId: number;
    beforeAll(async () => {
      db = await engine.open({ migrate: true });
      await db.knex('categories').insert({ name: 'Matériaux', description: 'Ciment, fer' });
      categoryId = (await db.knex('categories').where({ name: 'Matériaux' }).first('id')).id;
    });
    afterAll(() => db.cleanup());

    const product = (overrides: Record<string, unknown>) => ({
      reference: `PRD-${Math.random().toString(36).slice(2, 8)}`,
      name: 'Ciment',
      category_id: categoryId,
      price: 5000,
      description: 'Sac de 50 kg',
      ...overrides,
    });

    it('refuses to delete a category that still holds products, as a foreign-key violation', async () => {
      const name = 'Quincaillerie';
      await db.knex('categories').insert({ name, description: '' });
      const { id } = await db.knex('categories').where({ name }).first('id');
      await db.knex('products').insert(product({ category_id: id }));

      const error = await db
        .knex('categories')
        .where({ id })
        .delete()
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(error).not.toBeNull();
      expect(isForeignKeyViolation(error)).toBe(true);
      expect(isUniqueViolation(error)).toBe(false);
      expect(await db.knex('categories').where({ id }).first('name')).toEqual({ name });
    });

    it('refuses a product pointing at a category that does not exist, as a foreign-key violation', async () => {
      const error = await db
        .knex('products')
        .insert(product({ category_id: 999_999 }))
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isForeignKeyViolation(error)).toBe(true);
    });

    it('deletes the images of a project with the project', async () => {
      await db.knex('projects').insert({
        title: 'Villa R+1',
        numero: 'P-001',
        date: '2024-01-15',
        description: 'Villa',
        categories: encodeJson(['Résidentiel']),
      });
      const { id } = await db.knex('projects').where({ numero: 'P-001' }).first('id');
      await db.knex('project_images').insert([
        { project_id: id, kind: 'render', image: 'projects/a.jpg', description: 'Façade', position: 0 },
        { project_id: id, kind: 'project', image: 'projects/b.jpg', description: 'Chantier', position: 1 },
      ]);
      expect(await db.knex('project_images').where({ project_id: id }).count({ n: '*' })).toEqual([{ n: 2 }]);

      await db.knex('projects').where({ id }).delete();
      expect(await db.knex('project_images').where({ project_id: id }).count({ n: '*' })).toEqual([{ n: 0 }]);
    });

    it('refuses a second user with the same e-mail, as a unique violation', async () => {
      const user = { name: 'Admin', email: 'admin@edifier.bj', password_hash: 'x' };
      await db.knex('users').insert(user);
      const error = await db
        .knex('users')
        .insert({ ...user, name: 'Autre' })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(isUniqueViolation(error)).toBe(true);
      expect(isForeignKeyViolation(error)).toBe(false);
      expect(await db.knex('users').where({ email: user.email }).count({ n: '*' })).toEqual([{ n: 1 }]);
    });

    it('keeps accents and emoji intact (utf8mb4)', async () => {
      await db.knex('categories').insert({ name: 'Clôture 🏗️', description: 'numéro' });
      const row = await db.knex('categories').where({ name: 'Clôture 🏗️' }).first('name', 'description');
      expect(row).toEqual({ name: 'Clôture 🏗️', description: 'numéro' });
    });

    it('reads back a DATETIME written with toDbDateTime as the same instant', async () => {
      const instant = new Date('2024-03-31T23:59:58.000Z');
      await db.knex('users').insert({
        name: 'Horloge',
        email: 'clock@edifier.bj',
        password_hash: 'x',
        tokens_valid_after: toDbDateTime(instant),
      });
      const row = await db
        .knex('users')
        .where({ email: 'clock@edifier.bj' })
        .first('tokens_valid_after', 'created_at');
      expect(row.tokens_valid_after).toBe('2024-03-31 23:59:58');
      expect(fromDbDateTime(row.tokens_valid_after)?.toISOString()).toBe(instant.toISOString());
      // The CURRENT_TIMESTAMP default is UTC as well (the MySQL session runs at +00:00).
      const created = fromDbDateTime(row.created_at);
      expect(Math.abs((created?.getTime() ?? 0) - Date.now())).toBeLessThan(120_000);
    });

    it('reads back a DATE as the same calendar day', async () => {
      await db.knex('promotions').insert({
        title: 'Bissextile',
        description: '-',
        discount: '10%',
        start_date: toDbDate('2024-02-29'),
        end_date: toDbDate(new Date('2024-12-31T23:30:00Z')),
      });
      const row = await db.knex('promotions').where({ title: 'Bissextile' }).first('start_date', 'end_date');
      expect([fromDbDate(row.start_date), fromDbDate(row.end_date)]).toEqual(['2024-02-29', '2024-12-31']);
    });

    it('round-trips JSON text, BIGINT prices, DECIMAL values and booleans', async () => {
      const specifications = [{ name: 'Dimensions', value: '20 × 20 cm' }];
      await db.knex('products').insert(
        product({
          reference: 'PRD-JSON',
          price: 9_007_199_254_740,
          specifications: encodeJson(specifications),
          features: encodeJson(['Résistant', '🏗️']),
        }),
      );
      const row = await db.knex('products').where({ reference: 'PRD-JSON' }).first();
      const specSchema = z.array(z.object({ name: z.string(), value: z.string() }));
      expect(decodeJson(row.specifications, [], specSchema)).toEqual(specifications);
      expect(decodeJson(row.features, [] as string[], z.array(z.string()))).toEqual(['Résistant', '🏗️']);
      expect(decodeJson(row.gallery, [] as string[])).toEqual([]);
      expect(toNumber(row.price)).toBe(9_007_199_254_740);
      expect(row.stock).toBe(0);

      await db
        .knex('fleet_properties')
        .insert({ image: 'fleet/a.jpg', estimated_value: '9999999999999.99', surface: 120.5 });
      const fleet = await db.knex('fleet_properties').where({ image: 'fleet/a.jpg' }).first();
      expect([toNumber(fleet.estimated_value), toNumber(fleet.surface)]).toEqual([9999999999999.99, 120.5]);

      await db.knex('login_attempts').insert([
        { email: 'a@b.bj', ip: '127.0.0.1', succeeded: true, attempted_at: toDbDateTime(new Date()) },
        { email: 'a@b.bj', ip: '127.0.0.1', succeeded: false, attempted_at: toDbDateTime(new Date()) },
      ]);
      const attempts = await db.knex('login_attempts').orderBy('id').select('succeeded');
      expect(attempts.map((a) => toBool(a.succeeded))).toEqual([true, false]);
    });

    it('filters with whereContains: any listed column, any case, wildcards taken literally', async () => {
      await db
        .knex('products')
        .insert([
          product({ reference: 'WC-1', name: 'Ciment 50% promo' }),
          product({ reference: 'WC-2', name: 'Ciment 500 kg' }),
          product({ reference: 'WC-3', name: 'Fer_à béton' }),
          product({ reference: 'WC-4', name: 'Fer à béton' }),
          product({ reference: 'WC-5', name: 'ÉCROU inox' }),
          product({ reference: 'WC-6', name: 'Chemin C:\\dossier' }),
        ]);
      const find = async (text: string, columns = ['name', 'reference']) =>
        await whereContains(db.knex('products').where('reference', 'like', 'WC-%'), columns, text)
          .orderBy('reference')
          .pluck('reference');

      expect(await find('50%')).toEqual(['WC-1']);
      expect(await find('r_à')).toEqual(['WC-3']);
      expect(await find('écrou')).toEqual(['WC-5']);
      expect(await find('c:\\d')).toEqual(['WC-6']);
      expect(await find('wc-4')).toEqual(['WC-4']);
      expect(await find('wc-4', ['name'])).toEqual([]);
      expect(await find('  ')).toHaveLength(6);
    });

    // One test per engine, each asserting its own engine's settings: nothing is skipped.
    it('runs every connection with its engine settings (MySQL: UTC and the collation; SQLite: foreign keys, WAL, busy timeout)', async () => {
      if (engine.name === 'mysql') {
        const [[session]] = (await db.knex.raw(
          'SELECT @@session.time_zone AS tz, @@collation_connection AS collation, @@character_set_results AS results',
        )) as [[{ tz: string; collation: string; results: string }]];
        expect(session).toEqual({ tz: '+00:00', collation: 'utf8mb4_unicode_ci', results: 'utf8mb4' });
        return;
      }
      const read = async (pragma: string) =>
        Object.values((await db.knex.raw(`PRAGMA ${pragma}`))[0] as object)[0];
      expect([
        await read('foreign_keys'),
        await read('journal_mode'),
        await read('busy_timeout'),
        await read('synchronous'),
      ]).toEqual([1, 'wal', 5000, 1]);
    });

    it('knows its engine, its name, and answers a ping', async () => {
      expect(engineOf(db.knex)).toBe(engine.name);
      await expect(ping(db.knex)).resolves.toBeUndefined();
      const expected =
        engine.name === 'sqlite' ? 'test.sqlite' : new URL(db.database.connection).pathname.slice(1);
      expect(databaseName(db.knex)).toBe(expected);
      expect(expected).not.toBe('');
    });
  });

  describe('rolling back', () => {
    let db: TestDb;
    beforeAll(async () => {
      db = await engine.open({ migrate: true });
    });
    afterAll(() => db.cleanup());

    it('rollbackAll undoes every migration, newest first, and leaves no table', async () => {
      expect(await rollbackAll(db.knex)).toEqual(migrations.map((m) => m.name).reverse());
      expect(await listTables(db.knex)).toEqual([]);
      // ...and the database can be migrated again from scratch.
      expect(await migrateLatest(db.knex)).toHaveLength(migrations.length);
    });
  });
});
