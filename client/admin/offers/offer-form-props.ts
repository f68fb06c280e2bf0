/** What the page gives each kind's form. */
export interface OfferFormProps<V> {
  /** Editing: the offer's id and stored values. */
  edit?: { id: string; values: V };
  /** The form's accessible name ('Créer une offre', 'Modifier l'offre'). */
  label: string;
  /** The stored image, shown until a new one is chosen. */
  currentImage?: string | null;
}

/**
 * A stored amount as the form shows it: whole F CFA as digits, two-decimal amounts
 * (surface, estimated value) with a French comma; null as ''. The shared schemas read both
 * back (product rules, Validation: a comma becomes a point).
 */
export function amountText(value: number | null | undefined, decimals: 0 | 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  if (decimals === 0) return String(Math.round(value));
  return value.toFixed(2).replace(/\.00$/, '').replace('.', ',');
}

/** The image field's hint: the formats the server keeps (product rules, Limits and constants: 2 MB at most). */
export function imageHint(editing: boolean): string {
  return editing
    ? 'JPEG, PNG ou WebP, 2 Mo au plus. Sans nouveau fichier, l’image actuelle est gardée.'
    : 'JPEG, PNG ou WebP, 2 Mo au plus.';
}
