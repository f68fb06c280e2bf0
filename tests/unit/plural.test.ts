import { describe, expect, it } from 'vitest';
import { countOf } from '#shared/plural';

describe('countOf: French counts', () => {
  it('keeps the singular for 0 and 1 and takes the plural from 2', () => {
    expect(countOf(0, 'ligne')).toBe('0 ligne');
    expect(countOf(1, 'ligne')).toBe('1 ligne');
    expect(countOf(2, 'ligne')).toBe('2 lignes');
    expect(countOf(1_500, 'fichier')).toBe('1500 fichiers');
  });

  it('takes a plural given for a phrase', () => {
    expect(countOf(1, 'fichier stocké', 'fichiers stockés')).toBe('1 fichier stocké');
    expect(countOf(3, 'message non lu', 'messages non lus')).toBe('3 messages non lus');
  });
});
