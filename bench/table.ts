/** The bench's one table: each figure beside its target, and whether it is met. */
export interface Row {
  figure: string;
  value: string;
  target: string;
  /** null: a figure for information or for comparing versions, with no target to meet. */
  pass: boolean | null;
}

export function printTable(rows: Row[]): void {
  const header: [string, string, string, string] = ['Mesure', 'Valeur', 'Cible', 'Résultat'];
  const cells = rows.map((r): [string, string, string, string] => [
    r.figure,
    r.value,
    r.target,
    r.pass === null ? '—' : r.pass ? 'OK' : 'ÉCHEC',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => v.padEnd(widths[i]!)).join(' | ');
  console.log(`\n${line(header)}`);
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const c of cells) console.log(line(c));
  const failed = rows.filter((r) => r.pass === false).length;
  const checked = rows.filter((r) => r.pass !== null).length;
  console.log(`\n${checked - failed}/${checked} cibles atteintes.`);
}

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} Kio`;
export const fmtInt = (n: number) =>
  Math.round(n)
    .toLocaleString('fr-FR')
    .replace(/\u202f|\u00a0/g, ' ');
