const haystacks = new WeakMap<object, string>();

/**
 * Case-insensitive substring search of a whole list (product rules, Back-office lists): each
 * row's text is lower-cased once (kept with the row), not per keystroke.
 * `textOf` gives the texts searched, e.g. `(c) => [c.name, c.description]`.
 */
export function searchRows<T extends object>(
  rows: readonly T[],
  search: string,
  textOf: (row: T) => (string | null | undefined)[],
): T[] {
  const needle = search.trim().toLocaleLowerCase('fr');
  if (!needle) return rows as T[];
  return rows.filter((row) => {
    let text = haystacks.get(row);
    if (text === undefined) {
      text = textOf(row).filter(Boolean).join('\u0000').toLocaleLowerCase('fr');
      haystacks.set(row, text);
    }
    return text.includes(needle);
  });
}
