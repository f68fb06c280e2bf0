/** The CSV exports of the back office's lists (docs/decisions/0019-contact-form-drafts-and-csv-exports.md). */
export {
  csvCalendarDay,
  csvDay,
  csvFileName,
  csvTime,
  pagedRows,
  sendCsv,
  type CsvColumn,
} from './csv-export';
