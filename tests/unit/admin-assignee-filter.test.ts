import { describe, expect, test } from 'vitest';
import type { AssignableUser } from '#shared/assignment';
import {
  assignBulkAction,
  assigneeFilterOptions,
  assigneeParam,
  assigneeSelectOptions,
} from '#client/admin/kit/assignee-choices';
import { filterQuery, messageCodec } from '#client/admin/messages/message-query';
import {
  DEFAULT_FILTERS,
  exportQuery,
  filtersFromParams,
  listQuery,
  paramsWithFilters,
} from '#client/admin/submissions/submission-query';

// The assignee filter of the requests' and the messages' screens (docs/product-rules.md,
// "Assignment"): kept in the address like the other filters, sent to the API as it takes it.

const USERS: AssignableUser[] = [
  { id: 1, name: 'Awa Admin', role: 'admin', role_label: 'Administrateur' },
  { id: 7, name: 'Chloé Commerciale', role: 'commercial', role_label: 'Commercial' },
];

describe('the assignee in the address', () => {
  test.each([
    [null, ''],
    ['', ''],
    ['me', 'me'],
    ['none', 'none'],
    ['7', '7'],
    ['0', ''],
    ['-3', ''],
    ['chloé', ''],
    ['7.5', ''],
  ])('?assignee=%s reads as %j', (raw, read) => {
    expect(assigneeParam(raw)).toBe(read);
  });

  test('the requests keep it in the URL, leave it out when empty, and send it to the list and its export', () => {
    const read = filtersFromParams(new URLSearchParams('assignee=me&status=new&soumission=4'));
    expect(read).toMatchObject({ assignee: 'me', status: 'new' });
    expect(new URLSearchParams(listQuery(read)).get('assignee')).toBe('me');
    expect(new URLSearchParams(exportQuery(read)).get('assignee')).toBe('me');

    const written = paramsWithFilters(new URLSearchParams('soumission=4'), {
      ...DEFAULT_FILTERS,
      assignee: '7',
    });
    expect(written.toString()).toBe('soumission=4&assignee=7');
    expect(paramsWithFilters(written, DEFAULT_FILTERS).toString()).toBe('soumission=4');
    expect(new URLSearchParams(listQuery(DEFAULT_FILTERS)).has('assignee')).toBe(false);
  });

  test('the messages do the same', () => {
    const read = messageCodec.read(new URLSearchParams('assignee=none&status=all'));
    expect(read).toEqual({ page: 1, search: '', status: 'all', sort: '-created_at', assignee: 'none' });
    expect(new URLSearchParams(filterQuery(read)).get('assignee')).toBe('none');
    expect(messageCodec.write(new URLSearchParams('message=3'), { ...read, assignee: '' }).toString()).toBe(
      'message=3',
    );
    expect(messageCodec.write(new URLSearchParams(), { ...read, assignee: '7' }).get('assignee')).toBe('7');
    expect(messageCodec.read(new URLSearchParams('assignee=n%27importe')).assignee).toBe('');
  });

  test('the messages keep their sort in the URL, newest first left out, and send it to the list and its export', () => {
    const read = messageCodec.read(new URLSearchParams('sort=-name&message=3'));
    expect(read.sort).toBe('-name');
    expect(new URLSearchParams(filterQuery(read)).get('sort')).toBe('-name');
    expect(messageCodec.write(new URLSearchParams('message=3'), read).toString()).toBe(
      'message=3&sort=-name',
    );
    expect(
      messageCodec.write(new URLSearchParams('sort=-name'), { ...read, sort: '-created_at' }).toString(),
    ).toBe('');
    expect(messageCodec.read(new URLSearchParams('sort=email')).sort).toBe('-created_at');
  });
});

describe('the choices', () => {
  test('the filter offers mine, nobody’s, then each person with their role', () => {
    expect(assigneeFilterOptions(USERS, { mine: 'Mes demandes', none: 'Non assignées' })).toEqual([
      { value: 'me', label: 'Mes demandes' },
      { value: 'none', label: 'Non assignées' },
      { value: '1', label: 'Awa Admin (Administrateur)' },
      { value: '7', label: 'Chloé Commerciale (Commercial)' },
    ]);
  });

  test('the dialog’s select starts with Personne and keeps an assignee who may no longer be assigned', () => {
    expect(assigneeSelectOptions(USERS, { id: 7, name: 'Chloé Commerciale' }).map((o) => o.value)).toEqual([
      '',
      '1',
      '7',
    ]);
    expect(assigneeSelectOptions(USERS, { id: 9, name: 'Ancien Commercial' })).toEqual([
      { value: '', label: 'Personne' },
      { value: '9', label: 'Ancien Commercial' },
      { value: '1', label: 'Awa Admin (Administrateur)' },
      { value: '7', label: 'Chloé Commerciale (Commercial)' },
    ]);
  });

  test('the bulk assignment offers each person first and Personne last, sent as assignee_id', () => {
    const action = assignBulkAction(USERS);
    expect(action).toMatchObject({ action: 'assign', label: 'Assigner' });
    expect(action.question('3 soumissions')).toBe('Assigner 3 soumissions ?');
    expect(action.choose).toEqual({
      name: 'assignee_id',
      label: 'Assigner à',
      options: [
        { value: '1', label: 'Awa Admin (Administrateur)' },
        { value: '7', label: 'Chloé Commerciale (Commercial)' },
        { value: '', label: 'Personne (retirer l’assignation)' },
      ],
    });
  });
});
