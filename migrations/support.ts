import type { Knex } from 'knex';

/**
 * Building blocks shared by the migration files. A migration that has run somewhere must
 * keep producing the same schema, so these helpers are frozen: a later change to the
 * schema is a new migration, never an edit here.
 */

export type Migration = {
  name: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
};

/**
 * Creates a table with the storage options every table shares on MySQL: InnoDB (foreign
 * keys, transactions) and utf8mb4 with one collation, so that joins and comparisons never
 * mix collations and emoji fit. SQLite has no such options (Knex refuses them there).
 */
export async function createTable(
  knex: Knex,
  name: string,
  build: (table: Knex.CreateTableBuilder) => void,
): Promise<void> {
  const mysql = isMysql(knex);
  await knex.schema.createTable(name, (table) => {
    if (mysql) {
      table.engine('InnoDB');
      table.charset('utf8mb4');
      table.collate('utf8mb4_unicode_ci');
    }
    build(table);
  });
}

/**
 * created_at / updated_at: DATETIME in UTC. The default is CURRENT_TIMESTAMP, which both
 * engines write as 'YYYY-MM-DD HH:MM:SS' in UTC (the MySQL session runs at +00:00, see
 * server/db/knex.ts), so a row inserted without them still reads like one written by
 * dialect.toDbDateTime.
 */
export function timestamps(knex: Knex, table: Knex.CreateTableBuilder, options = { updatedAt: true }): void {
  table.datetime('created_at').notNullable().defaultTo(knex.fn.now());
  if (options.updatedAt) table.datetime('updated_at').notNullable().defaultTo(knex.fn.now());
}

/**
 * A column pointing at `parent.id`: unsigned like the auto-increment key it references
 * (MySQL refuses a foreign key between signed and unsigned integers), indexed because
 * SQLite, unlike InnoDB, does not index foreign keys by itself and every RESTRICT or
 * CASCADE check would scan the child table.
 */
export function foreignId(
  table: Knex.CreateTableBuilder,
  column: string,
  parent: string,
  onDelete: 'RESTRICT' | 'CASCADE',
): void {
  table.integer(column).unsigned().notNullable().references('id').inTable(parent).onDelete(onDelete);
  table.index([column]);
}

/**
 * DECIMAL(precision, scale). Knex declares a decimal as `float` on SQLite; declaring it
 * `decimal(p,s)` there too keeps the schema readable and identical under introspection.
 * (SQLite still stores such a value as a number; mysql2 answers it as a string: read it
 * with dialect.toNumber.)
 */
export function decimal(
  knex: Knex,
  table: Knex.CreateTableBuilder,
  column: string,
  precision: number,
  scale: number,
): Knex.ColumnBuilder {
  return isMysql(knex)
    ? table.decimal(column, precision, scale)
    : table.specificType(column, `decimal(${precision},${scale})`);
}

/** Frozen copy of the engine test (migrations import nothing of the application). */
function isMysql(knex: Knex): boolean {
  const client: unknown = knex.client.config.client;
  return client === 'mysql2' || client === 'mysql';
}
