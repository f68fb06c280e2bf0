import { describe, expect, it } from 'vitest';
import { isDatabaseOutage, mysqlOutageClass } from '#server/db/database-outage';
import { ServiceUnavailableError } from '#server/errors';
import { asUnavailable } from '#server/http/unavailable';

/**
 * Database faults are told from bugs by errno and SQL state (server/db/database-outage.ts;
 * docs/decisions/0012-shutdown-order-and-honest-faults.md). The errors below have the
 * shape mysql2 gives them (an Error with `code`, `errno`, `sqlState`, `fatal`), as read
 * from MariaDB 10.11.
 */
function driverError(
  message: string,
  fields: { code?: string; errno?: number; sqlState?: string; fatal?: boolean },
) {
  return Object.assign(new Error(message), fields);
}

describe('database outages by SQL state and errno', () => {
  it('classes SQL state 08 (connection exception) as a connection outage', () => {
    const tooMany = driverError('Too many connections', {
      code: 'ER_CON_COUNT_ERROR',
      errno: 1040,
      sqlState: '08004',
    });
    const handshake = driverError('Bad handshake', {
      code: 'ER_HANDSHAKE_ERROR',
      errno: 1043,
      sqlState: '08S01',
    });
    // A number mysql2 does not know still has its state.
    const unnamed = driverError('Lost connection', { errno: 9999, sqlState: '08S01' });
    for (const error of [tooMany, handshake, unnamed]) expect(mysqlOutageClass(error)).toBe('connection');
  });

  it('classes SQL state 28000 (access denied) as an access outage', () => {
    const denied = driverError("Access denied for user 'edifier'@'127.0.0.1' (using password: YES)", {
      code: 'ER_ACCESS_DENIED_ERROR',
      errno: 1045,
      sqlState: '28000',
    });
    expect(mysqlOutageClass(denied)).toBe('access');
  });

  it("classes the server's HY000 answers of shutdown, lock, kill and a locked account as a server outage", () => {
    const errors = [
      driverError('Server shutdown in progress', {
        code: 'ER_SERVER_SHUTDOWN',
        errno: 1053,
        sqlState: '08S01',
      }),
      driverError('Lock wait timeout exceeded; try restarting transaction', {
        code: 'ER_LOCK_WAIT_TIMEOUT',
        errno: 1205,
        sqlState: 'HY000',
      }),
      driverError('Query execution was interrupted', {
        code: 'ER_QUERY_INTERRUPTED',
        errno: 1317,
        sqlState: '70100',
      }),
      driverError('The MariaDB server is running with the --read-only option', {
        code: 'ER_OPTION_PREVENTS_STATEMENT',
        errno: 1290,
        sqlState: 'HY000',
      }),
      driverError('Disk full', { code: 'ER_DISK_FULL', errno: 1021, sqlState: 'HY000' }),
      driverError('Out of memory', { code: 'ER_OUT_OF_RESOURCES', errno: 1041, sqlState: 'HY000' }),
      // MariaDB's "connection killed": no name in mysql2's list.
      driverError('Connection was killed', { errno: 1927, sqlState: '70100' }),
      // MySQL's offline mode and killed session.
      driverError('The server is currently in offline mode', {
        code: 'ER_SERVER_OFFLINE_MODE',
        errno: 3032,
        sqlState: 'HY000',
      }),
      driverError('Session was killed', { code: 'ER_SESSION_WAS_KILLED', errno: 3169, sqlState: 'HY000' }),
      // MariaDB's locked account, which mysql2 names after an unrelated MySQL number.
      driverError('Access denied, this account is locked', {
        code: 'ER_BULK_PARSER_INCOMPLETE_ESCAPE_SEQUENCE',
        errno: 4151,
        sqlState: 'HY000',
      }),
    ];
    for (const error of errors) expect(mysqlOutageClass(error), error.message).not.toBeNull();
    expect(mysqlOutageClass(errors.at(-1))).toBe('server');
  });

  it("classes mysql2's own lost connections and fatal errors as connection outages", () => {
    const lost = driverError('Connection lost: The server closed the connection.', {
      code: 'PROTOCOL_CONNECTION_LOST',
      fatal: true,
    });
    const timeout = driverError('Timeout', { code: 'PROTOCOL_SEQUENCE_TIMEOUT' });
    const refused = Object.assign(
      driverError('connect ECONNREFUSED 127.0.0.1:3306', { code: 'ECONNREFUSED', errno: -111, fatal: true }),
      { syscall: 'connect' },
    );
    const closed = driverError("Can't add new command when connection is in closed state", { fatal: true });
    for (const error of [lost, timeout, refused, closed]) expect(mysqlOutageClass(error)).toBe('connection');
  });

  it('leaves a wrong statement a bug', () => {
    const errors = [
      driverError("Duplicate entry 'x' for key 'name'", {
        code: 'ER_DUP_ENTRY',
        errno: 1062,
        sqlState: '23000',
      }),
      driverError('You have an error in your SQL syntax', {
        code: 'ER_PARSE_ERROR',
        errno: 1064,
        sqlState: '42000',
      }),
      driverError("Table 'test.nope' doesn't exist", {
        code: 'ER_NO_SUCH_TABLE',
        errno: 1146,
        sqlState: '42S02',
      }),
      driverError('Unknown error', { errno: 1105, sqlState: 'HY000' }),
      new TypeError('x is undefined'),
    ];
    for (const error of errors) {
      expect(mysqlOutageClass(error), error.message).toBeNull();
      expect(asUnavailable(error), error.message).toBeNull();
    }
  });

  it("counts Knex's timeouts and SQLite's file and lock codes as outages", () => {
    const knexTimeout = Object.assign(new Error('Knex: Timeout acquiring a connection.'), {
      name: 'KnexTimeoutError',
    });
    const busy = driverError('SQLITE_BUSY: database is locked', { code: 'SQLITE_BUSY', errno: 5 });
    const readonly = driverError('SQLITE_READONLY: attempt to write a readonly database', {
      code: 'SQLITE_READONLY',
    });
    for (const error of [knexTimeout, busy, readonly]) expect(isDatabaseOutage(error)).toBe(true);
    expect(
      isDatabaseOutage(driverError('SQLITE_CONSTRAINT: UNIQUE', { code: 'SQLITE_CONSTRAINT_UNIQUE' })),
    ).toBe(false);
  });

  it('answers every class with the database 503 and its Retry-After', () => {
    const locked = driverError('Access denied, this account is locked', {
      code: 'ER_BULK_PARSER_INCOMPLETE_ESCAPE_SEQUENCE',
      errno: 4151,
      sqlState: 'HY000',
    });
    const denied = driverError('Access denied', {
      code: 'ER_ACCESS_DENIED_ERROR',
      errno: 1045,
      sqlState: '28000',
    });
    const gone = driverError('Connection lost', { code: 'PROTOCOL_CONNECTION_LOST', fatal: true });
    for (const error of [locked, denied, gone]) {
      const answer = asUnavailable(error);
      expect(answer).toBeInstanceOf(ServiceUnavailableError);
      expect(answer?.status).toBe(503);
      expect(answer?.failing).toBe('database');
      expect(answer?.headers?.['Retry-After']).toMatch(/^\d+$/);
    }
  });
});
