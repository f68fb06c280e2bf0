import { describe, expect, test } from 'vitest';
import { describeChange, activityValue } from '#shared/activity';
import {
  filterQuery,
  journalCodec,
  journalFilters,
  recordHref,
  type JournalFilters,
} from '#client/admin/journal/journal-query';

// The 'Journal' screen's pure parts (docs/product-rules.md, "Activity log"): its filters in
// the address and to the API, the link to a record, and how a change reads.

describe('filters in the address', () => {
  test('an empty address is no filter; values the server would refuse read as none', () => {
    expect(journalFilters(new URLSearchParams())).toEqual({
      user: '',
      entity: '',
      action: '',
      from: '',
      to: '',
    });
    expect(
      journalFilters(
        new URLSearchParams('utilisateur=abc&element=martian&action=dance&du=31/02/2026&au=2026-13'),
      ),
    ).toEqual({ user: '', entity: '', action: '', from: '', to: '' });
    expect(
      journalFilters(
        new URLSearchParams('utilisateur=3&element=product&action=update&du=2026-03-01&au=2026-03-05'),
      ),
    ).toEqual({ user: '3', entity: 'product', action: 'update', from: '2026-03-01', to: '2026-03-05' });
  });

  test('the codec writes French parameter names, leaves defaults out and keeps other parameters', () => {
    const params = journalCodec.write(new URLSearchParams('x=1&page=4'), {
      page: 1,
      search: '',
      sort: '-created_at',
      user: '3',
      entity: 'submission',
      action: '',
      from: '2026-03-01',
      to: '',
    });
    expect(params.toString()).toBe('x=1&utilisateur=3&element=submission&du=2026-03-01');
    expect(journalCodec.read(params)).toMatchObject({
      page: 1,
      sort: '-created_at',
      user: '3',
      entity: 'submission',
      from: '2026-03-01',
    });
  });

  test('the API and the CSV get the same filters under the API’s names', () => {
    expect(
      filterQuery({ user: '3', entity: 'product', action: 'update', from: '2026-03-01', to: '2026-03-05' }),
    ).toBe('user_id=3&entity=product&action=update&from=2026-03-01&to=2026-03-05');
    expect(filterQuery({ user: '', entity: '', action: '', from: '', to: '' })).toBe('');
  });

  test('the search and the oldest-first order join the address and the API; any other sort reads as newest first', () => {
    const empty: JournalFilters = { user: '', entity: '', action: '', from: '', to: '' };
    const params = journalCodec.write(new URLSearchParams(), {
      ...empty,
      page: 2,
      search: ' Villa ',
      sort: 'created_at',
    });
    expect(params.toString()).toBe('page=2&search=Villa&sort=created_at');
    expect(journalCodec.read(params)).toMatchObject({ page: 2, search: 'Villa', sort: 'created_at' });
    expect(journalCodec.read(new URLSearchParams('sort=label')).sort).toBe('-created_at');
    expect(filterQuery({ ...empty, search: 'Villa', sort: 'created_at' })).toBe(
      'search=Villa&sort=created_at',
    );
    expect(filterQuery({ ...empty, search: '', sort: '-created_at' })).toBe('');
  });
});

describe('the element’s link', () => {
  test('to the record’s admin screen where there is one, never for a deletion', () => {
    expect(recordHref({ action: 'update', entity: 'product', entity_id: '9' })).toBe(
      '/admin/products/edit/9',
    );
    expect(recordHref({ action: 'status', entity: 'submission', entity_id: '3' })).toBe(
      '/admin/project-submissions?soumission=3',
    );
    expect(recordHref({ action: 'status', entity: 'contact_message', entity_id: '7' })).toBe(
      '/admin/messages?message=7',
    );
    expect(recordHref({ action: 'update', entity: 'parcel', entity_id: '2' })).toBe(
      '/admin/offers/edit/parcels/2',
    );
    expect(recordHref({ action: 'delete', entity: 'product', entity_id: '9' })).toBeNull();
    expect(recordHref({ action: 'create', entity: 'image', entity_id: null })).toBeNull();
  });
});

describe('a change as it reads', () => {
  test('French field names, empty values, yes/no flags, lists, and long values shortened', () => {
    expect(describeChange('price', [5500, 6000])).toBe('Prix : 5500 → 6000');
    expect(describeChange('old_price', [null, 7000])).toBe('Ancien prix : (vide) → 7000');
    expect(describeChange('published', [1, 0])).toBe('Publié : Oui → Non');
    expect(describeChange('photos', [[], ['a.webp', 'b.webp']])).toBe('Photos : (vide) → a.webp, b.webp');
    expect(describeChange('unknown_column', ['a', 'b'])).toBe('unknown_column : a → b');
    expect(activityValue('text', 'x'.repeat(100), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});
