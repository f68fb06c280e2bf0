/** A message in a box, so a one-time secret stands out in a scrolling terminal. */
export function framedMessage(lines: readonly string[]): string {
  const width = Math.max(...lines.map((line) => [...line].length));
  const bar = '═'.repeat(width + 4);
  const body = lines.map((line) => `║  ${line}${' '.repeat(width - [...line].length)}  ║`);
  return [`╔${bar}╗`, ...body, `╚${bar}╝`].join('\n') + '\n';
}
