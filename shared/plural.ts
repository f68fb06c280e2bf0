/**
 * A count with its noun in French: singular below 2 ('0 ligne', '1 ligne'), plural from 2
 * ('2 lignes'). The plural is the noun with an s unless given ('fichier stocké',
 * 'fichiers stockés').
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${Math.abs(count) < 2 ? singular : plural}`;
}
