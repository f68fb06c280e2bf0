import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import type { Knex } from 'knex';
import { BUSINESS_TIME_ZONE, businessToday } from '#shared/calendar';
import { formatDate } from '#shared/format';

/**
 * The back office's CSV exports (docs/product-rules.md, "CSV exports"): spreadsheets opened
 * by the staff in Excel or LibreOffice with French settings, hence UTF-8 with a BOM (Excel
 * reads accents right only with it), ';' between cells (',' is the French decimal mark)
 * and dates as dd/mm/yyyy in Cotonou. Rows are read a page at a time and written as the
 * client takes them (pipeline's backpressure), so 5,000 rows or 500,000 take the same memory.
 */

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | null | undefined;
}

/** Rows read per query: large enough to be few queries, small enough to stay flat in memory. */
export const CSV_PAGE_ROWS = 500;

/**
 * A cell a spreadsheet would read as a formula (=, +, -, @, or a tab or carriage return that
 * some of them skip before one) is prefixed with a quote: a visitor's text can never run in
 * the administrator's spreadsheet (CSV injection).
 */
export function neutraliseCell(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const timeFormat = new Intl.DateTimeFormat('fr-FR', {
  timeZone: BUSINESS_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as its day in Cotonou, dd/mm/yyyy (the site's one date formatter). */
export function csvDay(at: Date | null): string {
  return at ? formatDate(at.toISOString()) : '';
}

/** An instant as its time of day in Cotonou, HH:MM. */
export function csvTime(at: Date | null): string {
  return at ? timeFormat.format(at) : '';
}

/** A calendar day 'YYYY-MM-DD' (a DATE column) as dd/mm/yyyy, without any time zone. */
export function csvCalendarDay(day: string | null): string {
  return day ? formatDate(day) : '';
}

/**
 * Every row of `query` in its order, CSV_PAGE_ROWS at a time. Rows added after the export
 * started (an id above the highest one seen at the start) are left out, so they cannot
 * shift the pages and make a row appear twice.
 */
export async function* pagedRows<Row>(
  db: Knex,
  table: string,
  query: () => Knex.QueryBuilder,
  pageRows = CSV_PAGE_ROWS,
): AsyncGenerator<Row> {
  const top = (await db(table).max({ id: 'id' }).first()) as { id: number | string | null } | undefined;
  const maxId = Number(top?.id ?? 0);
  for (let offset = 0; ; offset += pageRows) {
    const rows = (await query().where(`${table}.id`, '<=', maxId).limit(pageRows).offset(offset)) as Row[];
    yield* rows;
    if (rows.length < pageRows) return;
  }
}

/** `name-YYYY-MM-DD.csv`, the day in Cotonou. */
export function csvFileName(name: string, now = new Date()): string {
  return `${name}-${businessToday(now)}.csv`;
}

/**
 * Streams `rows` as the answer. A failure before the first byte (the database down) is
 * thrown to the error handler, which answers it; after the first byte the answer can only
 * be cut, and the client sees an incomplete download rather than a wrong file.
 */
export async function sendCsv<Row>(
  res: Response,
  fileName: string,
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row>,
): Promise<void> {
  const iterator = rows[Symbol.asyncIterator]();
  // The first row is read before the headers go: a failing query still gets a real error answer.
  const first = await iterator.next();
  res.status(200);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${fileName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
  );
  res.setHeader('Cache-Control', 'no-store');
  const records = async function* () {
    let next = first;
    while (!next.done) {
      const row = next.value;
      yield columns.map((column) => {
        const value = column.value(row);
        return value === null || value === undefined ? '' : neutraliseCell(String(value));
      });
      next = await iterator.next();
    }
  };
  await pipeline(
    Readable.from(records()),
    stringify({
      bom: true,
      delimiter: ';',
      record_delimiter: 'windows',
      header: true,
      // Records are arrays: each column is keyed by its index.
      columns: columns.map((column, index) => ({ key: String(index), header: column.header })),
    }),
    res,
  );
}
