/**
 * The order a server list must answer (docs/product-rules.md, "Lists of the back office"),
 * worked out from the rows a test wrote: by one value, an absent one (null) first when
 * ascending and last when descending, as both engines order NULL, and equal values by id in
 * the same direction.
 */
export function idsInOrder<Row extends { id: number }>(
  rows: readonly Row[],
  value: (row: Row) => string | number | null,
  order: 'asc' | 'desc',
): number[] {
  const sign = order === 'asc' ? 1 : -1;
  const compare = (a: Row, b: Row): number => {
    const x = value(a);
    const y = value(b);
    if (x !== y) {
      if (x === null) return -sign;
      if (y === null) return sign;
      return (x < y ? -1 : 1) * sign;
    }
    return (a.id - b.id) * sign;
  };
  return [...rows].sort(compare).map((row) => row.id);
}
