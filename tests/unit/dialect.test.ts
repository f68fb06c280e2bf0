import knex from 'knex';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  databaseName,
  decodeJson,
  encodeJson,
  engineOf,
  escapeLike,
  fromDbDate,
  fromDbDateTime,
  isForeignKeyViolation,
  isUniqueViolation,
  toBool,
  toDbDate,
  toDbDateTime,
  toNumber,
  whereContains,
} from '#server/db/dialect';
import { closeDb, createDb } from '#server/db/knex';

// The same functions against real SQLite and MariaDB: tests/integration/migrations.test.ts.

describe('toDbDateTime', () => {
  it('writes the UTC wall clock, seconds precision', () => {
    expect(toDbDateTime(new Date('2024-03-31T23:59:58.987Z'))).toBe('2024-03-31 23:59:58');
    expect(toDbDateTime(new Date('2024-04-01T00:30:00+01:00'))).toBe('2024-03-31 23:30:00');
    expect(toDbDateTime(new Date(Date.UTC(999, 0, 2, 3, 4, 5)))).toBe('0999-01-02 03:04:05');
  });

  it('refuses an invalid Date', () => {
    expect(() => toDbDateTime(new Date('nope'))).toThrow(RangeError);
  });
});

describe('fromDbDateTime', () => {
  const iso = (value: Parameters<typeof fromDbDateTime>[0]) => fromDbDateTime(value)?.toISOString() ?? null;

  it('reads the DATETIME string of either engine as UTC', () => {
    expect(iso('2024-03-31 23:59:58')).toBe('2024-03-31T23:59:58.000Z');
    expect(iso('2024-03-31 23:59')).toBe('2024-03-31T23:59:00.000Z');
    expect(iso('2024-03-31')).toBe('2024-03-31T00:00:00.000Z');
    expect(iso('2024-03-31 23:59:58.5')).toBe('2024-03-31T23:59:58.500Z');
  });

  it('honours an explicit offset or Z', () => {
    expect(iso('2024-03-31T23:59:58Z')).toBe('2024-03-31T23:59:58.000Z');
    expect(iso('2024-04-01T00:59:58+01:00')).toBe('2024-03-31T23:59:58.000Z');
    expect(iso('2024-03-31T21:59:58-0200')).toBe('2024-03-31T23:59:58.000Z');
  });

  it('reads epoch milliseconds (a Date bound by knex on SQLite) and copies a Date', () => {
    const date = new Date('2024-03-31T23:59:58.000Z');
    expect(iso(date.getTime())).toBe(date.toISOString());
    const copy = fromDbDateTime(date);
    expect(copy).not.toBe(date);
    expect(copy?.getTime()).toBe(date.getTime());
  });

  it('answers null for NULL and for what is not a real instant', () => {
    for (const value of [
      null,
      undefined,
      '',
      'hier',
      '2024-02-30 00:00:00',
      '0000-00-00 00:00:00',
      '2024-01-01 24:00:00',
      '2024-01-01 10:60:00',
      new Date('x'),
      Number.NaN,
    ]) {
      expect(fromDbDateTime(value), String(value)).toBeNull();
    }
  });

  it('round-trips with toDbDateTime', () => {
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    expect(fromDbDateTime(toDbDateTime(now))?.getTime()).toBe(now.getTime());
  });
});

describe('toDbDate / fromDbDate', () => {
  it('writes the UTC day of a Date', () => {
    expect(toDbDate(new Date('2024-12-31T23:30:00Z'))).toBe('2024-12-31');
    expect(toDbDate(new Date('2024-12-31T23:30:00-02:00'))).toBe('2025-01-01');
  });

  it('accepts a real YYYY-MM-DD day as forms send it, and refuses anything else', () => {
    expect(toDbDate('2024-02-29')).toBe('2024-02-29');
    for (const bad of ['2023-02-29', '2024-13-01', '31/12/2024', '2024-12-31 10:00:00', '']) {
      expect(() => toDbDate(bad), bad).toThrow(RangeError);
    }
    expect(() => toDbDate(new Date('x'))).toThrow(RangeError);
  });

  it('reads a DATE as its day, whatever shape the driver gives', () => {
    expect(fromDbDate('2024-02-29')).toBe('2024-02-29');
    expect(fromDbDate('2024-02-29 13:00:00')).toBe('2024-02-29');
    expect(fromDbDate(Date.UTC(2024, 1, 29))).toBe('2024-02-29');
    expect(fromDbDate(new Date(Date.UTC(2024, 1, 29)))).toBe('2024-02-29');
    expect(fromDbDate(null)).toBeNull();
    expect(fromDbDate('2024-02-30')).toBeNull();
    expect(fromDbDate('bientôt')).toBeNull();
  });
});

describe('toBool', () => {
  it.each([
    [1, true],
    [0, false],
    [2, true],
    ['1', true],
    ['0', false],
    ['true', true],
    ['false', false],
    [true, true],
    [false, false],
    [1n, true],
    [0n, false],
    [null, false],
    [undefined, false],
    ['', false],
  ] as const)('reads %s as %s', (value, expected) => {
    expect(toBool(value)).toBe(expected);
  });
});

describe('toNumber', () => {
  it('reads DECIMAL strings, numbers and bigints', () => {
    expect(toNumber('9999999999999.99')).toBe(9999999999999.99);
    expect(toNumber('120.50')).toBe(120.5);
    expect(toNumber(42)).toBe(42);
    expect(toNumber(7n)).toBe(7);
  });

  it('keeps NULL as null and refuses what is not a number', () => {
    expect(toNumber(null)).toBeNull();
    expect(toNumber(undefined)).toBeNull();
    expect(() => toNumber('abc')).toThrow(TypeError);
    expect(() => toNumber('')).toThrow(TypeError);
    expect(() => toNumber(Number.POSITIVE_INFINITY)).toThrow(TypeError);
  });
});

describe('encodeJson / decodeJson', () => {
  const strings = z.array(z.string());

  it('encodes values as JSON text and absent values as NULL', () => {
    expect(encodeJson(['Résidentiel', 'Clôture 🏗️'])).toBe('["Résidentiel","Clôture 🏗️"]');
    expect(encodeJson([{ name: 'Poids', value: '50 kg' }])).toBe('[{"name":"Poids","value":"50 kg"}]');
    expect(encodeJson(null)).toBeNull();
    expect(encodeJson(undefined)).toBeNull();
  });

  it('decodes what it encoded', () => {
    const value = [{ name: 'Poids', value: '50 kg' }];
    expect(decodeJson(encodeJson(value), [])).toEqual(value);
    expect(decodeJson(encodeJson(['a', 'é']), [] as string[], strings)).toEqual(['a', 'é']);
  });

  it('gives the fallback for NULL, blank or malformed text, never throwing', () => {
    for (const text of [null, undefined, '', '   ', '[1,', 'not json', '{"a":']) {
      expect(decodeJson(text, ['fallback'], strings), String(text)).toEqual(['fallback']);
    }
  });

  it('gives the fallback when the value does not match the schema', () => {
    expect(decodeJson('{"a":1}', [] as string[], strings)).toEqual([]);
    expect(decodeJson('[1,2]', [] as string[], strings)).toEqual([]);
    expect(decodeJson('null', null as string[] | null, strings)).toBeNull();
  });

  it('accepts an already parsed value and a Buffer', () => {
    expect(decodeJson(['x'], [] as string[], strings)).toEqual(['x']);
    expect(decodeJson(Buffer.from('["y"]'), [] as string[], strings)).toEqual(['y']);
  });
});

describe('constraint errors', () => {
  const withCode = (code: string, message = 'refused') => Object.assign(new Error(message), { code });

  it.each(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', 'ER_DUP_ENTRY'])(
    '%s is a unique violation',
    (code) => {
      expect(isUniqueViolation(withCode(code))).toBe(true);
      expect(isForeignKeyViolation(withCode(code))).toBe(false);
    },
  );

  it.each([
    'SQLITE_CONSTRAINT_FOREIGNKEY',
    'ER_ROW_IS_REFERENCED_2',
    'ER_NO_REFERENCED_ROW_2',
    'ER_ROW_IS_REFERENCED',
    'ER_NO_REFERENCED_ROW',
  ])('%s is a foreign-key violation', (code) => {
    expect(isForeignKeyViolation(withCode(code))).toBe(true);
    expect(isUniqueViolation(withCode(code))).toBe(false);
  });

  it('reads SQLite RESTRICT (reported as a trigger) as a foreign-key violation, not any trigger', () => {
    expect(
      isForeignKeyViolation(
        withCode('SQLITE_CONSTRAINT_TRIGGER', 'delete ... - FOREIGN KEY constraint failed'),
      ),
    ).toBe(true);
    expect(isForeignKeyViolation(withCode('SQLITE_CONSTRAINT_TRIGGER', 'stock cannot be negative'))).toBe(
      false,
    );
  });

  it('is false for other errors and non-errors', () => {
    for (const error of [
      withCode('SQLITE_CONSTRAINT_NOTNULL'),
      withCode('ER_BAD_NULL_ERROR'),
      new Error('x'),
      null,
      undefined,
      'ER_DUP_ENTRY',
      { code: 1062 },
    ]) {
      expect(isUniqueViolation(error)).toBe(false);
      expect(isForeignKeyViolation(error)).toBe(false);
    }
  });
});

describe('escapeLike', () => {
  it('makes %, _ and the backslash match themselves', () => {
    expect(escapeLike('50%_off\\x')).toBe('50\\%\\_off\\\\x');
    expect(escapeLike('Clôture')).toBe('Clôture');
  });
});

describe('whereContains', () => {
  // A query builder needs a client, not a connection: nothing is opened here.
  const builder = knex({ client: 'mysql2' });
  afterAll(() => builder.destroy());

  it('ORs a case-insensitive LIKE over every column, with an explicit escape', () => {
    const query = whereContains(
      builder('products').where('stock', '>', 0),
      ['name', 'reference'],
      ' 50%_ ',
    ).toSQL();
    expect(query.sql).toBe(
      'select * from `products` where `stock` > ? and (LOWER(`name`) LIKE LOWER(?) ESCAPE ? or LOWER(`reference`) LIKE LOWER(?) ESCAPE ?)',
    );
    expect(query.bindings).toEqual([0, '%50\\%\\_%', '\\', '%50\\%\\_%', '\\']);
  });

  it('adds nothing for blank text and refuses an empty column list', () => {
    expect(whereContains(builder('products'), ['name'], '   ').toSQL().sql).toBe('select * from `products`');
    expect(() => whereContains(builder('products'), [], 'x')).toThrow();
  });
});

describe('createDb, engineOf and databaseName (no connection made)', () => {
  it('reads a MySQL URL into mysql2 settings: utf8mb4, UTC, dates as strings', async () => {
    const db = createDb({
      client: 'mysql',
      connection: 'mysql://edifier:p%40ss%3Aw@db.example:3307/edifier_prod',
    });
    try {
      expect(engineOf(db)).toBe('mysql');
      expect(databaseName(db)).toBe('edifier_prod');
      expect(db.client.config.connection).toMatchObject({
        host: 'db.example',
        port: 3307,
        user: 'edifier',
        password: 'p@ss:w',
        database: 'edifier_prod',
        charset: 'utf8mb4',
        timezone: 'Z',
        dateStrings: true,
      });
      expect(db.client.config.pool).toMatchObject({ min: 0, max: 10 });
    } finally {
      await closeDb(db);
    }
  });

  it('refuses a MySQL URL without a database name', () => {
    expect(() => createDb({ client: 'mysql', connection: 'mysql://root@127.0.0.1:3306/' })).toThrow(
      /nom de la base/,
    );
  });

  it('names a SQLite database by its file, never its path', async () => {
    const db = createDb({ client: 'sqlite', connection: ':memory:' });
    try {
      expect(engineOf(db)).toBe('sqlite');
      expect(databaseName(db)).toBe(':memory:');
    } finally {
      await closeDb(db);
    }
  });
});
