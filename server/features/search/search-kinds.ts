import type { Knex } from 'knex';
import {
  SEARCH_KIND_ACCESS,
  SEARCH_PER_KIND,
  type SearchKind,
  type SearchResult,
} from '#shared/admin-search';
import { CONTACT_MESSAGE_STATUS_LABELS, type ContactMessageStatus } from '#shared/contact-message-rules';
import { formatPrice } from '#shared/format';
import { goodTitle } from '#shared/good-title';
import { paths } from '#shared/paths';
import { PUBLICATION_LABELS } from '#shared/publication';
import type { Access } from '#shared/roles';
import { SUBMISSION_STATUS_LABELS } from '#shared/submission-rules';
import type { SubmissionStatus } from '#shared/types';
import { toNumber } from '#server/db/dialect';
import { whereSearch } from '#server/db/list-page';
import { whereNotTrashed } from '#server/db/visibility';

/** What one search looks for. */
export interface SearchTerms {
  /** The trimmed search. */
  text: string;
  /** Its digits when it reads as a phone number (shared/admin-search.ts), else null. */
  phoneDigits: string | null;
}

type Row = Record<string, unknown>;

/**
 * Each kind the back office's search finds (docs/product-rules.md, "Search across the back
 * office"), in the answer's order: its table, the columns a word may be found in, the phone
 * column compared digit by digit, and how a row reads as a result. Who reads each kind is
 * SEARCH_KIND_ACCESS (shared/admin-search.ts). Trashed rows are never found.
 */
interface KindSpec {
  kind: SearchKind;
  /** The table with its joins, as `from`; the searched table is aliased `t`. */
  from: (db: Knex) => Knex.QueryBuilder;
  columns: readonly string[];
  select: readonly string[];
  /** A phone column whose stored spacing and prefix vary. */
  phone?: string;
  result: (row: Row) => Omit<SearchResult, 'kind' | 'id'>;
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
/** The parts of a line that are there, joined as the lists join them. */
const line = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' · ');
/** A request's or a message's reference before the person's name. */
const titled = (reference: unknown, name: string) =>
  [text(reference), name.trim()].filter(Boolean).join(' — ');
const price = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? ''
    : formatPrice(toNumber(value as string | number));
/** A draft says so, as the lists' state column does; a published item says nothing. */
const draftMark = (row: Row) => (row.publication === 'draft' ? PUBLICATION_LABELS.draft : '');

/**
 * The stored phone with its separators dropped: requests keep the phone as typed (up to 40
 * characters of digits, spaces, dots, dashes, brackets and a +), messages without spaces.
 * The same REPLACE on both engines, so no stored copy of the digits is needed.
 */
const PHONE_DIGITS_SQL = [' ', '.', '-', '+', '(', ')'].reduce(
  (sql, char) => `REPLACE(${sql}, '${char}', '')`,
  '??',
);

const KINDS: readonly KindSpec[] = [
  {
    kind: 'submission',
    from: (db) => db({ t: 'project_submissions' }),
    columns: ['t.reference', 't.first_name', 't.last_name', 't.email', 't.phone'],
    select: ['t.reference', 't.first_name', 't.last_name', 't.email', 't.phone', 't.status'],
    phone: 't.phone',
    result: (row) => ({
      label: titled(row.reference, `${text(row.first_name)} ${text(row.last_name)}`),
      detail: line(
        SUBMISSION_STATUS_LABELS[row.status as SubmissionStatus] ?? row.status,
        row.email,
        row.phone,
      ),
      url: `${paths.adminSubmissions}?soumission=${text(row.id)}`,
    }),
  },
  {
    kind: 'message',
    from: (db) => db({ t: 'contact_messages' }),
    columns: ['t.reference', 't.name', 't.email', 't.phone'],
    select: ['t.reference', 't.name', 't.email', 't.phone', 't.status'],
    phone: 't.phone',
    result: (row) => ({
      label: titled(row.reference, text(row.name)),
      detail: line(
        CONTACT_MESSAGE_STATUS_LABELS[row.status as ContactMessageStatus] ?? row.status,
        row.email,
        row.phone,
      ),
      url: `${paths.adminMessages}?message=${text(row.id)}`,
    }),
  },
  {
    kind: 'product',
    from: (db) => db({ t: 'products' }).leftJoin({ c: 'categories' }, 'c.id', 't.category_id'),
    columns: ['t.name', 't.reference'],
    select: ['t.name', 't.reference', 't.price', 't.publication', 'c.name as category'],
    result: (row) => ({
      label: text(row.name),
      detail: line(row.reference, row.category, price(row.price), draftMark(row)),
      url: paths.adminProductEdit(text(row.id)),
    }),
  },
  {
    kind: 'project',
    from: (db) => db({ t: 'projects' }),
    columns: ['t.title', 't.numero'],
    select: ['t.title', 't.numero', 't.status', 't.publication'],
    result: (row) => ({
      label: text(row.title),
      detail: line(row.numero, row.status, draftMark(row)),
      url: paths.adminProjectEdit(text(row.id)),
    }),
  },
  // The offers' edit routes name their kind as the offers list does (client/admin/offers/offer-kinds.ts).
  {
    kind: 'parcel',
    from: (db) => db({ t: 'parcels' }),
    columns: ['t.title', 't.description', 't.location'],
    select: ['t.title', 't.location', 't.price', 't.publication'],
    result: (row) => ({
      label: text(row.title),
      detail: line('Parcelle', row.location, price(row.price), draftMark(row)),
      url: paths.adminOfferEdit('parcels', text(row.id)),
    }),
  },
  {
    kind: 'fleet',
    from: (db) => db({ t: 'fleet_properties' }),
    columns: ['t.property_type', 't.address', 't.owner'],
    select: ['t.property_type', 't.address', 't.estimated_value', 't.publication'],
    result: (row) => ({
      label: text(row.property_type) || 'Bien flotte',
      detail: line('Flotte immobilière', row.address, price(row.estimated_value), draftMark(row)),
      url: paths.adminOfferEdit('flotte-immobiliere', text(row.id)),
    }),
  },
  {
    kind: 'misc',
    from: (db) => db({ t: 'miscellaneous_goods' }),
    columns: ['t.description'],
    select: ['t.description', 't.publication'],
    result: (row) => ({
      label: goodTitle(text(row.description)),
      detail: line('Bien divers', draftMark(row)),
      url: paths.adminOfferEdit('biens-immobiliers', text(row.id)),
    }),
  },
];

/** The kinds a role reads, in the answer's order. */
export function kindsFor(may: (access: Access) => boolean): readonly KindSpec[] {
  return KINDS.filter((spec) => may(SEARCH_KIND_ACCESS[spec.kind]));
}

/**
 * The newest SEARCH_PER_KIND rows of one kind whose columns hold every word of the search,
 * or whose phone holds its digits.
 */
export async function searchKind(db: Knex, spec: KindSpec, terms: SearchTerms): Promise<SearchResult[]> {
  const query = whereNotTrashed(spec.from(db), 't')
    .where((found) => {
      found.where((words) => void whereSearch(words, spec.columns, terms.text));
      if (spec.phone && terms.phoneDigits)
        found.orWhereRaw(`${PHONE_DIGITS_SQL} LIKE ?`, [spec.phone, `%${terms.phoneDigits}%`]);
    })
    .select(['t.id', ...spec.select])
    .orderBy('t.created_at', 'desc')
    .orderBy('t.id', 'desc')
    .limit(SEARCH_PER_KIND);
  const rows = (await query) as Row[];
  return rows.map((row) => ({
    kind: spec.kind,
    id: toNumber(row.id as number | string),
    ...spec.result(row),
  }));
}
