import { z } from 'zod';
import { assignmentMessages, parseAssigneeFilter, type AssigneeFilter } from '#shared/assignment';
import {
  isPublication,
  PUBLICATION_LABELS,
  parsePublishAt,
  publicationMessages,
  type Publication,
  type PublicationLabel,
} from '#shared/publication';

/**
 * The generic field parsers every entity schema builds on: texts, amounts typed the French
 * way, form flags, list fields as multipart and JSON clients send them, and calendar days.
 * Entity schemas import this module, shared/schemas/images.ts and shared/constants.ts, never
 * each other (an ESLint rule in eslint.config.js keeps it so; see
 * docs/decisions/0013-typescript-configs-and-runtime-image.md).
 */

/** Descriptions are TEXT; a form never needs more, and MySQL's TEXT holds it in utf8mb4. */
export const DESCRIPTION_MAX = 5000;

export const fieldMessages = {
  textInvalid: 'Valeur invalide',
} as const;

// ---------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------

/** A trimmed text of at least `min` characters; a missing value reads as too short. */
export function textField(min: number, max: number, tooShort: string, tooLong: string) {
  return z.string({ error: tooShort }).trim().min(min, tooShort).max(max, tooLong);
}

/** An optional text: trimmed, '' or null read as null (cleared). */
export function optionalText(max: number, tooLong: string) {
  return z
    .string({ error: fieldMessages.textInvalid })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((value) => (value ? value : null));
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

// ---------------------------------------------------------------------------------------
// Amounts
// ---------------------------------------------------------------------------------------

/**
 * An amount as typed in a French form: '1 250 000', '48500000,5', '12.50'. Spaces (also the
 * no-break and thin spaces of fr-FR grouping) are dropped and a comma becomes a point.
 * Returns the integer and fraction digits, or null for anything else (signs, exponents,
 * letters, several separators).
 */
export function amountParts(value: unknown): { integer: string; fraction: string } | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    value = String(value);
  }
  if (typeof value !== 'string') return null;
  const text = value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  return { integer: match[1]!, fraction: match[2] ?? '' };
}

export interface AmountRule {
  /** Decimals kept: 0 for whole F CFA, 2 for m² and the estimated value. */
  scale: 0 | 2;
  /** Largest value, in units of 10^-scale. */
  max: bigint;
  invalid: string;
  tooLarge: string;
}

/**
 * Reads a non-blank amount. Decimals beyond `scale` must be zeros ('1500,00' is a whole
 * price, '1500,5' is not). The cap is compared exactly, on digits.
 */
function readAmount(value: unknown, rule: AmountRule, ctx: z.RefinementCtx): number {
  const parts = amountParts(value);
  if (parts === null || /[^0]/.test(parts.fraction.slice(rule.scale))) {
    ctx.addIssue({ code: 'custom', message: rule.invalid });
    return z.NEVER;
  }
  const kept = parts.fraction.slice(0, rule.scale).padEnd(rule.scale, '0');
  if (BigInt(parts.integer + kept) > rule.max) {
    ctx.addIssue({ code: 'custom', message: rule.tooLarge });
    return z.NEVER;
  }
  return Number(kept ? `${parts.integer}.${kept}` : parts.integer);
}

/** A required amount read with `rule`; a blank value gets `required`. */
export function requiredAmount(rule: AmountRule, required: string) {
  return z.unknown().transform((value, ctx) => {
    if (!isBlank(value)) return readAmount(value, rule, ctx);
    ctx.addIssue({ code: 'custom', message: required });
    return z.NEVER;
  });
}

/** An optional amount read with `rule`; a blank one is null (cleared). */
export function optionalAmount(rule: AmountRule) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx) => (isBlank(value) ? null : readAmount(value, rule, ctx)));
}

export type AmountProblem = 'invalid' | 'tooLarge';

/**
 * Reads a whole amount as a form or a JSON client sends it (amountParts: spaces dropped, a
 * comma becomes a point). A non-zero fractional part, a sign or any other text is 'invalid'
 * (the F CFA has no minor unit), so '1 250 000', '1250000,00' and 1250000 give 1250000,
 * '1500,50' does not.
 */
export function parseWholeAmount(value: unknown, max = Number.MAX_SAFE_INTEGER): number | AmountProblem {
  const parts = amountParts(value);
  if (parts === null || /[^0]/.test(parts.fraction)) return 'invalid';
  const amount = Number(parts.integer);
  return Number.isSafeInteger(amount) && amount <= max ? amount : 'tooLarge';
}

export interface AmountMessages {
  invalid: string;
  tooLarge: string;
}

/** A required whole amount; a missing value reads as `invalid`. */
export function wholeAmount(messages: AmountMessages, max?: number) {
  return z.unknown().transform((value, ctx): number => {
    const amount = parseWholeAmount(value, max);
    if (typeof amount === 'number') return amount;
    ctx.issues.push({ code: 'custom', message: messages[amount], input: value });
    return z.NEVER;
  });
}

/** Absent keeps (undefined), empty clears (null), anything else must be a whole amount. */
export function optionalWholeAmount(messages: AmountMessages, max?: number) {
  return z
    .unknown()
    .transform((value, ctx): number | null | undefined => {
      if (value === undefined) return undefined;
      if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
      const amount = parseWholeAmount(value, max);
      if (typeof amount === 'number') return amount;
      ctx.issues.push({ code: 'custom', message: messages[amount], input: value });
      return z.NEVER;
    })
    .optional();
}

// ---------------------------------------------------------------------------------------
// Flags
// ---------------------------------------------------------------------------------------

/** A checkbox or flag ('remove_image'): '1', 'true', 'on', 'yes' or true; absent is false. */
export function formFlag() {
  return z
    .unknown()
    .transform((value) => {
      if (typeof value === 'boolean') return value;
      if (typeof value !== 'string') return false;
      return ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase());
    })
    .default(false);
}

// ---------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------

/**
 * The values of a list field as multipart parsers deliver it: `categories[0]`... gives an
 * array (with holes when indexes are skipped), `categories[]` or a repeated name an array,
 * a single name a string, other bracket keys an object; a JSON client sends an array, and
 * a JSON-encoded array in one field is accepted too.
 */
export function listValues(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value.filter((item) => item !== undefined);
  if (typeof value === 'object') return Object.values(value);
  if (typeof value === 'string') {
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (Array.isArray(parsed)) return parsed;
      } catch {
        // not JSON: a value that happens to start with '[' is judged by the caller
      }
    }
    return text === '' ? [] : [text];
  }
  return [value];
}

/** What a list parser returns for a list it refuses. */
export const INVALID_LIST = Symbol('invalid list');

/**
 * A list field read by `parse` (undefined: absent, kept; INVALID_LIST: refused with
 * `invalid`), with at most `max` entries.
 */
export function listField<T>(
  parse: (value: unknown) => T[] | undefined | typeof INVALID_LIST,
  invalid: string,
  tooMany: string,
  max: number,
) {
  return z
    .unknown()
    .transform((value, ctx): T[] | undefined => {
      const list = parse(value);
      if (list === INVALID_LIST) {
        ctx.issues.push({ code: 'custom', message: invalid, input: value });
        return z.NEVER;
      }
      if (list && list.length > max) {
        ctx.issues.push({ code: 'custom', message: tooMany, input: value });
        return z.NEVER;
      }
      return list;
    })
    .optional();
}

// ---------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------

/**
 * A calendar day typed as 'YYYY-MM-DD' (date input) or 'dd/mm/yyyy' (read as day/month/year,
 * the French order), as 'YYYY-MM-DD'; null when it is not a real day (31/02/2024) or not a
 * year a DATE column holds.
 */
export function parseFormDate(value: string): string | null {
  const text = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [iso[1]!, iso[2]!, iso[3]!]
    : french
      ? [french[3]!, french[2]!, french[1]!]
      : [];
  if (year === undefined || month === undefined || day === undefined) return null;
  // DATE columns hold years 1000 to 9999 (MySQL); 0999 is a typo, not a real date.
  if (Number(year) < 1000) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const real =
    date.getUTCFullYear() === Number(year) &&
    date.getUTCMonth() === Number(month) - 1 &&
    date.getUTCDate() === Number(day);
  return real ? `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}` : null;
}

/** A required date field read with parseFormDate, with its two messages. */
export function formDay(required: string, invalid: string) {
  return z.unknown().transform((value, ctx): string => {
    if (isBlank(value)) {
      ctx.addIssue({ code: 'custom', message: required });
      return z.NEVER;
    }
    const day = typeof value === 'string' ? parseFormDate(value) : null;
    if (day === null) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return day;
  });
}

// ---------------------------------------------------------------------------------------
// Publication (docs/product-rules.md, "Drafts and scheduled publishing")
// ---------------------------------------------------------------------------------------

/**
 * `publication`: 'draft' or 'published'. Absent is undefined: a creation then publishes
 * (clients and forms that predate drafts keep working), an update keeps the stored state.
 */
export function publicationField() {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): Publication | undefined => {
      if (value === undefined || value === null) return undefined;
      const text = typeof value === 'string' ? value.trim() : value;
      if (text === '') return undefined;
      if (isPublication(text)) return text;
      ctx.addIssue({ code: 'custom', message: publicationMessages.publicationInvalid });
      return z.NEVER;
    });
}

/**
 * `publish_at`: absent keeps (undefined), empty clears (null), otherwise the instant
 * parsePublishAt reads (a Cotonou wall clock from a form, or ISO 8601 with an offset).
 */
export function publishAtField() {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): Date | null | undefined => {
      if (value === undefined) return undefined;
      if (isBlank(value)) return null;
      const at = typeof value === 'string' ? parsePublishAt(value) : null;
      if (at) return at;
      ctx.addIssue({ code: 'custom', message: publicationMessages.publishAtInvalid });
      return z.NEVER;
    });
}

/**
 * `?publication=draft|scheduled|published` of a server list (docs/product-rules.md, "Drafts
 * and scheduled publishing"): the state the list keeps; blank or absent, every state.
 */
export function publicationFilterField() {
  const labels = Object.keys(PUBLICATION_LABELS) as [PublicationLabel, ...PublicationLabel[]];
  return z.preprocess(skipBlank, z.enum(labels, { error: publicationMessages.filterInvalid }).optional());
}

/** A query parameter sent empty (`?search=`) reads as absent: its default applies. */
export const skipBlank = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** A whole number in a query string, between `min` and `max`, with one message for anything else. */
export function wholeNumber(message: string, min: number, max: number) {
  return z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message));
}

/** The paging of a back-office list: `page` from 1, `per_page` up to `maxSize` (`size` when absent). */
export function pagingFields(
  messages: { pageInvalid: string; perPageInvalid: string },
  size: number,
  maxSize: number,
) {
  return {
    page: z.preprocess(skipBlank, wholeNumber(messages.pageInvalid, 1, 1_000_000).default(1)),
    per_page: z.preprocess(skipBlank, wholeNumber(messages.perPageInvalid, 1, maxSize).default(size)),
  };
}

// ---------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------

/**
 * `assignee_id` of a bulk assignment of requests or messages (docs/product-rules.md,
 * "Bulk actions"): a user's id, or null to take them back; whether that user may be
 * assigned is the server's question (a 422 on assignee_id as well).
 */
export function bulkAssigneeField() {
  return z
    .union(
      [
        z.null(),
        z
          .number()
          .int()
          .positive()
          .max(2 ** 31 - 1),
      ],
      { error: assignmentMessages.userInvalid },
    )
    .optional();
}

/**
 * `?assignee=` of the requests' and messages' lists (docs/product-rules.md, "Assignment"):
 * 'me', 'none' or a user's id; blank or absent, no filter.
 */
export function assigneeFilterField() {
  // `.optional()` first: zod 4 refuses an absent key whose schema may not output undefined.
  return z
    .unknown()
    .optional()
    .transform((value, ctx): AssigneeFilter | undefined => {
      const filter = parseAssigneeFilter(value);
      if (filter === null) {
        ctx.addIssue({ code: 'custom', message: assignmentMessages.filterInvalid });
        return z.NEVER;
      }
      return filter;
    });
}
