/**
 * One search across the back office (docs/product-rules.md, "Search across the back
 * office"): `GET /api/admin/search?q=` answers the records of every kind the user's role
 * reads, grouped by kind in a fixed order, at most SEARCH_PER_KIND of each. The kinds are
 * named as the trash names them (shared/trash.ts); the three offer kinds are one group.
 */
import type { Access } from './roles';

export const SEARCH_KINDS = [
  'submission',
  'message',
  'product',
  'project',
  'parcel',
  'fleet',
  'misc',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/**
 * The access that reads each kind: the one guarding that kind's own list (shared/roles.ts),
 * so the search never shows a role what its screens would refuse it.
 */
export const SEARCH_KIND_ACCESS: Readonly<Record<SearchKind, Access>> = {
  submission: 'leads',
  message: 'leads',
  product: 'catalogueRead',
  project: 'catalogueRead',
  parcel: 'catalogueRead',
  fleet: 'catalogueRead',
  misc: 'catalogueRead',
};

/** Whether a role finds any kind at all; one that reads none (the site manager) has no search field. */
export function searchesAnything(may: (access: Access) => boolean): boolean {
  return SEARCH_KINDS.some((kind) => may(SEARCH_KIND_ACCESS[kind]));
}

/** One record found: what a person recognises (`label`), a second line, and its screen. */
export interface SearchResult {
  kind: SearchKind;
  id: number;
  label: string;
  detail: string;
  /** The back-office address opening the record. */
  url: string;
}

export interface SearchAnswer {
  results: SearchResult[];
}

/** The groups the field shows, in the answer's order, with their French names. */
export const SEARCH_GROUPS: readonly { label: string; kinds: readonly SearchKind[] }[] = [
  { label: 'Demandes', kinds: ['submission'] },
  { label: 'Messages', kinds: ['message'] },
  { label: 'Produits', kinds: ['product'] },
  { label: 'Projets', kinds: ['project'] },
  { label: 'Offres', kinds: ['parcel', 'fleet', 'misc'] },
];

/** The most records of one kind an answer holds. */
export const SEARCH_PER_KIND = 8;
/** Shorter (trimmed) searches find nothing: one letter would match half the records. */
export const SEARCH_QUERY_MIN = 2;
export const SEARCH_QUERY_MAX = 100;

export const searchMessages = {
  tooLong: `La recherche doit être un texte de ${SEARCH_QUERY_MAX} caractères au plus.`,
  noResult: (query: string) => `Aucun résultat pour « ${query} »`,
} as const;

/** Fewer digits than this are not read as a phone number (a year, a reference's number). */
const PHONE_DIGITS_MIN = 6;
/** Benin's country code, written +229 or 00229 before a number. */
const COUNTRY_CODE = '229';
/** A national number: 8 digits, or 10 since 2024 with the '01' of mobiles before them. */
const NATIONAL_DIGITS_MIN = 8;

/**
 * The digits a stored phone must contain for `query` to find it, or null when the query is
 * not a phone number (a letter in it, or too few digits). Spacing, dots, dashes and
 * brackets are dropped, then a leading 00229 / +229 / 229 and the '01' of a ten-digit
 * national number, so '+229 97 12 34 56', '0022997123456', '97 12 34 56' and
 * '01 97 12 34 56' all look for 97123456, which both '+229 97 12 34 56' and '97123456'
 * hold once their own separators are dropped.
 */
export function phoneSearchDigits(query: string): string | null {
  if (!/^\(?\+?[\d\s().-]+$/.test(query.trim())) return null;
  let digits = query.replace(/\D/g, '');
  for (const prefix of [`00${COUNTRY_CODE}`, COUNTRY_CODE]) {
    if (digits.startsWith(prefix) && digits.length - prefix.length >= NATIONAL_DIGITS_MIN) {
      digits = digits.slice(prefix.length);
      break;
    }
  }
  if (digits.length === NATIONAL_DIGITS_MIN + 2 && digits.startsWith('01')) digits = digits.slice(2);
  return digits.length >= PHONE_DIGITS_MIN ? digits : null;
}
