/** What other features use of the CSV exports (docs/decisions/0009-lint-format-and-boundaries.md). */
export { csvDay, csvFileName, csvTime, pagedRows, sendCsv, type CsvColumn } from './csv-export';
