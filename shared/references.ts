/**
 * Human references of requests (docs/product-rules.md, "Request references"): the prefix,
 * the year in Cotonou and a sequence of at least 5 digits, `EDF-2026-00042`.
 */
export const REFERENCE_PREFIXES = {
  /** A project submitted through /submit-project. */
  submission: 'EDF',
  /** A message sent through the contact form. */
  contactMessage: 'MSG',
} as const;

export type ReferencePrefix = (typeof REFERENCE_PREFIXES)[keyof typeof REFERENCE_PREFIXES];

export function formatReference(prefix: ReferencePrefix, year: number, sequence: number): string {
  return `${prefix}-${year}-${String(sequence).padStart(5, '0')}`;
}

/** A reference as someone types it on the phone or pastes it: 'edf-2026-42 ' reads as EDF-2026-00042. */
export function normaliseReference(text: string): string | null {
  const match = /^\s*([a-z]{3})\s*-\s*(\d{4})\s*-\s*(\d{1,9})\s*$/i.exec(text);
  const [, letters = '', year = '', sequence = ''] = match ?? [];
  const prefix = letters.toUpperCase();
  if (prefix !== 'EDF' && prefix !== 'MSG') return null;
  return formatReference(prefix, Number(year), Number(sequence));
}
