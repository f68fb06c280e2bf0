import { EURO_PARITY_NOTE, formatEuroEquivalent } from '#shared/format';

/**
 * The indicative euro amount beside a F CFA price, for the families abroad who pay in euros
 * ('≈ 7 622 €'). `withNote` says once on the page that it is indicative and at which parity;
 * elsewhere the same words are the element's title.
 */
export function PriceInEuros({ amount, withNote = false }: { amount: number; withNote?: boolean }) {
  return (
    <span className="price-euro" title={withNote ? undefined : EURO_PARITY_NOTE}>
      {formatEuroEquivalent(amount)}
      {withNote && <span className="price-euro-note"> ({EURO_PARITY_NOTE})</span>}
    </span>
  );
}
