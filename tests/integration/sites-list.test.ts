import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDbDateTime } from '#server/db/dialect';
import type { Role } from '#shared/roles';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { aSubmission } from '../helpers/builders';
import { idsInOrder } from '../helpers/list-order';
import { testEngines } from '../helpers/test-db';

/**
 * The 'Chantiers' list on every engine (docs/product-rules.md, "Site updates" and "Lists of the
 * back office"): the approved requests out of the trash, a page at a time, the latest news
 * first by default and in the order of each allowed column, searched in the reference, the
 * client's name, the location and the title; the site manager sees the same sites as the
 * administrator and the commercial.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  sortInvalid:
    'Tri inconnu. Colonnes possibles : reference, client, last_update, progress (précédées de « - » pour l’ordre décroissant).',
  perPageInvalid: 'Le nombre de lignes par page doit être compris entre 1 et 100.',
};

interface Site {
  id: number;
  reference: string;
  client: string;
  last_update: string | null;
  progress: number | null;
}

describe.each(testEngines())('sites list on $name', (engine) => {
  let api: ApiHarness;
  let sites: Site[];
  const as = async (role: Role) => ({ Authorization: `Bearer ${await api.tokenFor(role)}` });
  const list = async (query: string, role: Role = 'admin') =>
    request(api.app)
      .get(`/api/admin/site-updates?${query}`)
      .set(await as(role));
  const ids = (body: { data: { id: number }[] }) => body.data.map((site) => site.id);

  async function anUpdate(submissionId: number, date: string, progress: number, more: object = {}) {
    const stamp = toDbDateTime(new Date());
    await api.db.knex('site_updates').insert({
      submission_id: submissionId,
      date,
      phase: 'elevation',
      progress,
      text: 'Les murs montent au premier niveau.',
      published: true,
      created_at: stamp,
      updated_at: stamp,
      ...more,
    });
  }

  async function aSite(
    reference: string,
    [first_name, last_name]: [string, string],
    location: string,
    project_title: string,
  ) {
    const row = await aSubmission(api.db, {
      status: 'approved',
      reference,
      first_name,
      last_name,
      location,
      project_title,
    });
    return row.id;
  }

  beforeAll(async () => {
    api = await openApiHarness(engine);
    const villa = await aSite('EDF-2026-00003', ['Bernard', 'Akpovi'], 'Cotonou', 'Villa R+1');
    await anUpdate(villa, '2026-02-10', 40);
    await anUpdate(villa, '2026-03-01', 55, { published: false });
    const building = await aSite('EDF-2026-00001', ['Adele', 'Zounon'], 'Porto-Novo', 'Immeuble de bureaux');
    await anUpdate(building, '2026-03-05', 10);
    // In the trash: neither the building's last update nor counted.
    await anUpdate(building, '2026-03-20', 90, { deleted_at: toDbDateTime(new Date()) });
    const store = await aSite('EDF-2026-00002', ['Celine', 'Houessou'], 'Abomey-Calavi', 'Entrepot');
    const house = await aSite('EDF-2026-00004', ['Denis', 'Agbo'], 'Ouidah', 'Maison basse');
    await anUpdate(house, '2026-01-15', 100);
    // Not a site: a request not approved, and an approved one in the trash.
    await aSubmission(api.db, { status: 'new', reference: 'EDF-2026-00005', location: 'Cotonou' });
    const trashed = await aSubmission(api.db, { status: 'approved', reference: 'EDF-2026-00006' });
    await api.db
      .knex('project_submissions')
      .where({ id: trashed.id })
      .update({ deleted_at: toDbDateTime(new Date()) });
    sites = [
      {
        id: villa,
        reference: 'EDF-2026-00003',
        client: 'Bernard Akpovi',
        last_update: '2026-03-01',
        progress: 55,
      },
      {
        id: building,
        reference: 'EDF-2026-00001',
        client: 'Adele Zounon',
        last_update: '2026-03-05',
        progress: 10,
      },
      {
        id: store,
        reference: 'EDF-2026-00002',
        client: 'Celine Houessou',
        last_update: null,
        progress: null,
      },
      {
        id: house,
        reference: 'EDF-2026-00004',
        client: 'Denis Agbo',
        last_update: '2026-01-15',
        progress: 100,
      },
    ];
  });
  afterAll(() => api.cleanup());

  it('lists the approved sites with the latest news first, each with where its last update stands', async () => {
    const res = await list('');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, per_page: 50, current_page: 1, last_page: 1, from: 1, to: 4 });
    expect(ids(res.body)).toEqual(idsInOrder(sites, (s) => s.last_update, 'desc'));
    expect(res.body.data[1]).toEqual({
      id: sites[0]!.id,
      reference: 'EDF-2026-00003',
      project_title: 'Villa R+1',
      client_name: 'Bernard Akpovi',
      phone: '+229 01 97 00 00 00',
      location: 'Cotonou',
      updates_count: 2,
      drafts_count: 1,
      last_update: {
        date: '2026-03-01',
        phase: 'elevation',
        phase_label: 'Élévation des murs',
        progress: 55,
        published: false,
      },
    });
    expect(res.body.data[0]).toMatchObject({
      updates_count: 1,
      last_update: { date: '2026-03-05', progress: 10 },
    });
    expect(res.body.data[3]).toMatchObject({
      reference: 'EDF-2026-00002',
      updates_count: 0,
      last_update: null,
    });
  });

  it('sorts on each allowed column both ways, pages, and refuses an unknown sort or a page over 100', async () => {
    const columns: Record<string, (site: Site) => string | number | null> = {
      reference: (s) => s.reference,
      client: (s) => s.client,
      last_update: (s) => s.last_update,
      progress: (s) => s.progress,
    };
    for (const [column, value] of Object.entries(columns)) {
      expect(ids((await list(`sort=${column}`)).body), column).toEqual(idsInOrder(sites, value, 'asc'));
      expect(ids((await list(`sort=-${column}`)).body), `-${column}`).toEqual(
        idsInOrder(sites, value, 'desc'),
      );
    }
    const second = await list('sort=progress&per_page=3&page=2');
    expect(second.body).toMatchObject({ current_page: 2, last_page: 2, total: 4, from: 4, to: 4 });
    expect(ids(second.body)).toEqual([sites[3]!.id]);

    const unknown = await list('sort=phone');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.sort).toEqual([M.sortInvalid]);
    const tooMany = await list('per_page=101');
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.per_page).toEqual([M.perPageInvalid]);
  });

  it('searches the reference, the client, the location and the title, and shows every reader the same sites', async () => {
    const [villa, building, store, house] = sites.map((site) => site.id) as [number, number, number, number];
    expect(ids((await list('search=porto')).body)).toEqual([building]);
    expect(ids((await list('search=HOUESSOU')).body)).toEqual([store]);
    expect(ids((await list('search=villa%20cotonou')).body)).toEqual([villa]);
    expect(ids((await list('search=EDF-2026-00004')).body)).toEqual([house]);
    expect((await list('search=EDF-2026-00005')).body).toMatchObject({ data: [], total: 0 });

    const admin = ids((await list('sort=reference')).body);
    expect(ids((await list('sort=reference', 'chantier')).body)).toEqual(admin);
    expect(ids((await list('sort=reference', 'commercial')).body)).toEqual(admin);
    await request(api.app)
      .get('/api/admin/site-updates')
      .set(await as('editeur'))
      .expect(403);
  });
});
