/** Free text folded for comparison: lower case, no accents, words separated by one space ('Flotte-Immobilière' -> 'flotte immobiliere'). */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}
