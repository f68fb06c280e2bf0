import { describe, expect, it } from 'vitest';
import { phoneSearchDigits, SEARCH_KINDS, SEARCH_KIND_ACCESS, searchesAnything } from '#shared/admin-search';
import { can, ROLES } from '#shared/roles';

/**
 * Who searches what, and the digits a phone search looks for (docs/product-rules.md, "Search across the back
 * office"): any spacing, a Benin prefix and the '01' of a ten-digit number dropped, and
 * no phone at all for what is not one.
 */
describe('phoneSearchDigits', () => {
  it('reads every way of writing one number as the same digits', () => {
    for (const query of [
      '+229 97 12 34 56',
      '97123456',
      '0022997123456',
      '97 12 34 56',
      '229 97 12 34 56',
      '(+229) 97.12.34.56',
      '97-12-34-56',
      '01 97 12 34 56',
      '+229 01 97 12 34 56',
      '00229 0197123456',
    ])
      expect(phoneSearchDigits(query), query).toBe('97123456');
  });

  it('keeps a part of a number, and a number that only starts like the country code', () => {
    expect(phoneSearchDigits('12 34 56')).toBe('123456');
    expect(phoneSearchDigits('22912345')).toBe('22912345');
  });

  it('is no phone with a letter, with fewer than 6 digits, or with a + inside', () => {
    expect(phoneSearchDigits('EDF-2026-00042')).toBeNull();
    expect(phoneSearchDigits('2026')).toBeNull();
    expect(phoneSearchDigits('97 12')).toBeNull();
    expect(phoneSearchDigits('97+123456')).toBeNull();
    expect(phoneSearchDigits('awa@exemple.bj')).toBeNull();
  });
});

describe('the kinds each role finds', () => {
  const kindsOf = (role: string) => SEARCH_KINDS.filter((kind) => can(role, SEARCH_KIND_ACCESS[kind]));

  it('gives the requests and messages to the leads, the catalogue and the offers to its readers', () => {
    expect(kindsOf('admin')).toEqual([
      'submission',
      'message',
      'product',
      'project',
      'parcel',
      'fleet',
      'misc',
    ]);
    expect(kindsOf('commercial')).toEqual(kindsOf('admin'));
    expect(kindsOf('editeur')).toEqual(['product', 'project', 'parcel', 'fleet', 'misc']);
    expect(kindsOf('chantier')).toEqual([]);
  });

  it('shows the search field to every role that finds something, not to the site manager', () => {
    const withField = ROLES.filter((role) => searchesAnything((access) => can(role, access)));
    expect(withField).toEqual(['admin', 'commercial', 'editeur']);
  });
});
