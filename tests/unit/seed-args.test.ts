import { describe, expect, it } from 'vitest';
import { parseSeedArgs } from '#server/seed/seed-args';

/** `npm run seed -- --large --scale N`: what the command accepts, and its French refusals. */
describe('parseSeedArgs', () => {
  it('reads the demo alone, --large, and --large with a scale from 1 to 20', () => {
    expect(parseSeedArgs([])).toEqual({ large: false, scale: 1 });
    expect(parseSeedArgs(['--large'])).toEqual({ large: true, scale: 1 });
    expect(parseSeedArgs(['--large', '--scale', '10'])).toEqual({ large: true, scale: 10 });
    expect(parseSeedArgs(['--scale=20', '--large'])).toEqual({ large: true, scale: 20 });
  });

  it.each([['0'], ['21'], ['2.5'], ['dix'], ['']])('refuses the scale « %s » with the usage line', (n) => {
    expect(() => parseSeedArgs(['--large', '--scale', n])).toThrow(
      /^Échelle invalide .*Usage : npm run seed \[-- --large \[--scale N\]\] \(N de 1 à 20\)$/,
    );
  });

  it('refuses a scale without --large, and an unknown option, in French', () => {
    expect(() => parseSeedArgs(['--scale', '2'])).toThrow(/ajoutez --large\. Usage : npm run seed/);
    expect(() => parseSeedArgs(['--big'])).toThrow(/^Option inconnue : --big\. Usage : npm run seed/);
  });
});
