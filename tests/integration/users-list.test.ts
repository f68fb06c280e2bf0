import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDbDateTime } from '#server/db/dialect';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { idsInOrder } from '../helpers/list-order';
import { testEngines } from '../helpers/test-db';

/**
 * The users' list on every engine (docs/product-rules.md, "Staff accounts" and "Lists of the
 * back office"): sorted on each allowed column, searched in names and e-mails, filtered by
 * role and by where an account stands, paged, under its `{ success, data }` answer.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  sortInvalid:
    'Tri inconnu. Colonnes possibles : name, email, role, created_at, last_login_at (précédées de « - » pour l’ordre décroissant).',
  perPageInvalid: 'Le nombre par page doit être compris entre 1 et 100.',
  roleInvalid: 'Rôle invalide',
  stateInvalid: "L'état de compte choisi est invalide.",
};

interface Account {
  id: number;
  name: string;
  email: string;
  role: string;
  created_at: string;
  last_login_at: string | null;
  active: boolean;
  invitation_pending: boolean;
}

const day = (date: string) => toDbDateTime(new Date(`${date}T08:00:00Z`));

// Every e-mail at liste.test: a search for it leaves the harness's own accounts out.
const ACCOUNTS: Omit<Account, 'id'>[] = [
  {
    name: 'Bio Zinsou',
    email: 'zinsou@liste.test',
    role: 'commercial',
    created_at: day('2026-01-05'),
    last_login_at: day('2026-03-01'),
    active: true,
    invitation_pending: false,
  },
  {
    name: 'Adjoa Mensah',
    email: 'mensah@liste.test',
    role: 'chantier',
    created_at: day('2026-01-03'),
    last_login_at: null,
    active: true,
    invitation_pending: true,
  },
  {
    name: 'Carine Dossou',
    email: 'dossou@liste.test',
    role: 'editeur',
    created_at: day('2026-01-04'),
    last_login_at: day('2026-02-01'),
    active: false,
    invitation_pending: false,
  },
  {
    name: 'David Houngbo',
    email: 'houngbo@liste.test',
    role: 'commercial',
    created_at: day('2026-01-02'),
    last_login_at: day('2026-03-02'),
    active: true,
    invitation_pending: false,
  },
];

describe.each(testEngines())('users list on $name', (engine) => {
  let api: ApiHarness;
  let accounts: Account[];
  const list = (query: string) =>
    request(api.app)
      .get(`/api/admin/users?${query}`)
      .set({ Authorization: `Bearer ${api.adminToken}` });
  const ids = (body: { data: { data: { id: number }[] } }) => body.data.data.map((user) => user.id);
  const mine = (query = '') => list(`search=liste.test${query ? `&${query}` : ''}`);

  beforeAll(async () => {
    api = await openApiHarness(engine);
    accounts = [];
    for (const account of ACCOUNTS) {
      const [id] = await api.db
        .knex('users')
        .insert({ ...account, password_hash: 'inutilisable', updated_at: account.created_at });
      accounts.push({ ...account, id: Number(id) });
    }
  });
  afterAll(() => api.cleanup());

  it('lists by name by default, and in the order of each allowed column, both ways', async () => {
    const byName = await mine().expect(200);
    expect(byName.body.success).toBe(true);
    expect(byName.body.data).toMatchObject({ total: 4, per_page: 50, current_page: 1, from: 1, to: 4 });
    expect(ids(byName.body)).toEqual(idsInOrder(accounts, (a) => a.name, 'asc'));

    const columns: Record<string, (account: Account) => string | null> = {
      name: (a) => a.name,
      email: (a) => a.email,
      role: (a) => a.role,
      created_at: (a) => a.created_at,
      last_login_at: (a) => a.last_login_at,
    };
    for (const [column, value] of Object.entries(columns)) {
      const up = await mine(`sort=${column}`).expect(200);
      expect(ids(up.body), column).toEqual(idsInOrder(accounts, value, 'asc'));
      const down = await mine(`sort=-${column}`).expect(200);
      expect(ids(down.body), `-${column}`).toEqual(idsInOrder(accounts, value, 'desc'));
    }
  });

  it('searches names and e-mails, filters by role and state, pages, and refuses what it cannot read', async () => {
    const [bio, adjoa, carine, david] = accounts as [Account, Account, Account, Account];
    expect(ids((await list('search=HOUNGBO').expect(200)).body)).toEqual([david.id]);
    expect(ids((await list('search=adjoa%20mensah').expect(200)).body)).toEqual([adjoa.id]);
    expect(ids((await mine('role=commercial').expect(200)).body)).toEqual([bio.id, david.id]);
    expect(ids((await mine('state=invited').expect(200)).body)).toEqual([adjoa.id]);
    expect(ids((await mine('state=deactivated').expect(200)).body)).toEqual([carine.id]);
    const active = await mine('state=active&sort=-last_login_at').expect(200);
    expect(ids(active.body)).toEqual([david.id, bio.id]);
    expect(active.body.data.data[0]).toMatchObject({
      name: 'David Houngbo',
      active: true,
      role_label: 'Commercial',
    });

    const second = await mine('per_page=3&page=2').expect(200);
    expect(second.body.data).toMatchObject({ current_page: 2, last_page: 2, total: 4, from: 4, to: 4 });
    expect(ids(second.body)).toEqual([david.id]);

    expect((await list('sort=password_hash').expect(422)).body.errors.sort).toEqual([M.sortInvalid]);
    expect((await list('per_page=101').expect(422)).body.errors.per_page).toEqual([M.perPageInvalid]);
    expect((await list('role=patron').expect(422)).body.errors.role).toEqual([M.roleInvalid]);
    expect((await list('state=perdu').expect(422)).body.errors.state).toEqual([M.stateInvalid]);
  });
});
