import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDbDateTime } from '#server/db/dialect';
import { openApiHarness, ROLE_NAMES, type ApiHarness } from '../helpers/api-harness';
import { activitySince, idsSortedBy, lastActivityId } from '../helpers/admin-lists';
import { aProject } from '../helpers/builders';
import { testEngines } from '../helpers/test-db';

/**
 * GET /api/admin/projects and POST /api/admin/projects/bulk on both engines
 * (docs/product-rules.md, "Lists of the back office" and "Bulk actions"): the page, its
 * total, each sort, the state filter and the search as the staff see them, trashed projects
 * never; bulk publication, unpublication and deletion by ids or by the list's filter, each
 * changed row logged and versioned as the form's save, refused rows named.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  validation: 'Erreur de validation',
  sortInvalid:
    'Tri inconnu. Colonnes possibles : title, numero, date, status, created_at (précédées de « - » pour l’ordre décroissant).',
  perPage: 'Le nombre de lignes par page doit être compris entre 1 et 100.',
  publication: 'Le filtre de publication doit être « draft », « scheduled » ou « published ».',
  action: 'Action groupée inconnue pour cette liste.',
  notFound: 'Élément introuvable (déjà supprimé ?).',
  changed: (expected: number, found: string) =>
    `La liste a changé depuis votre sélection (${found} au lieu de ${expected}). Vérifiez-la et recommencez : rien n’a été modifié.`,
};

const LATER = '2099-06-01 08:00:00';
const EARLIER = '2020-06-01 08:00:00';

/** The list's rows as the test knows them, with the values each sort reads. */
interface Listed {
  id: number;
  title: string;
  numero: string;
  date: string;
  status: string;
  created_at: string;
}

describe.each(testEngines())('projects admin list on $name', (engine) => {
  let api: ApiHarness;
  let rows: Listed[];
  let ids: Record<'villa' | 'tower' | 'cocotiers' | 'dossou', number>;

  const auth = (token = api.adminToken) => ({ Authorization: `Bearer ${token}` });
  const list = (query: string, token?: string) =>
    request(api.app).get(`/api/admin/projects${query}`).set(auth(token));
  const bulk = (body: object, token?: string) =>
    request(api.app).post('/api/admin/projects/bulk').set(auth(token)).send(body);
  const project = (id: number) => api.db.knex('projects').where({ id }).first();

  beforeAll(async () => {
    api = await openApiHarness(engine);
    const made = [
      { title: 'Atelier Villa Agossou', numero: 'PRJ-004', date: '2024-03-01', status: 'Complété' },
      {
        title: 'Bureaux Tower',
        numero: 'PRJ-010',
        date: '2023-06-15',
        status: 'En cours',
        publication: 'draft',
      },
      {
        title: 'Centre Cocotiers',
        numero: 'PRJ-001',
        date: '2025-01-10',
        status: 'En attente',
        publish_at: LATER,
      },
      {
        title: 'Domaine Dossou',
        numero: 'PRJ-020',
        date: '2022-11-20',
        status: 'Complété',
        publish_at: EARLIER,
      },
    ] as const;
    rows = [];
    for (const [i, values] of made.entries()) {
      const stamp = `2025-02-0${i + 1} 10:00:00`;
      const row = await aProject(api.db, { ...values, created_at: stamp, updated_at: stamp });
      rows.push({ id: row.id, ...values, created_at: stamp });
    }
    // In the trash: never listed, never acted on.
    await aProject(api.db, {
      title: 'Villa effacée',
      numero: 'PRJ-099',
      deleted_at: toDbDateTime(new Date()),
    });
    ids = { villa: rows[0]!.id, tower: rows[1]!.id, cocotiers: rows[2]!.id, dossou: rows[3]!.id };
  }, 120_000);
  afterAll(() => api.cleanup());

  describe('the list', () => {
    it('answers one page, the newest entered first, with the total and where it stands', async () => {
      const first = await list('?per_page=3').expect(200);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(first.body).toMatchObject({
        current_page: 1,
        last_page: 2,
        per_page: 3,
        total: 4,
        from: 1,
        to: 3,
      });
      expect(first.body.data.map((p: { id: number }) => p.id)).toEqual(
        idsSortedBy(rows, 'created_at', 'desc').slice(0, 3),
      );
      expect(first.body.data[0]).toMatchObject({
        id: ids.dossou,
        title: 'Domaine Dossou',
        numéro: 'PRJ-020',
        date: '2022-11-20',
        status: 'Complété',
        publication: 'published',
      });

      const second = await list('?per_page=3&page=2').expect(200);
      expect(second.body).toMatchObject({ current_page: 2, total: 4, from: 4, to: 4 });
      expect(second.body.data.map((p: { id: number }) => p.id)).toEqual([ids.villa]);
    });

    it.each(['title', 'numero', 'date', 'status', 'created_at'] as const)(
      'sorts on %s both ways',
      async (key) => {
        const up = await list(`?sort=${key}`).expect(200);
        expect(up.body.data.map((p: { id: number }) => p.id)).toEqual(idsSortedBy(rows, key, 'asc'));
        const down = await list(`?sort=-${key}`).expect(200);
        expect(down.body.data.map((p: { id: number }) => p.id)).toEqual(idsSortedBy(rows, key, 'desc'));
      },
    );

    it('refuses an unknown sort, a page over 100 rows and an unknown state in French', async () => {
      const sort = await list('?sort=description').expect(422);
      expect(sort.body).toEqual({ message: M.validation, errors: { sort: [M.sortInvalid] } });
      const size = await list('?per_page=101').expect(422);
      expect(size.body.errors).toEqual({ per_page: [M.perPage] });
      const state = await list('?publication=archived').expect(422);
      expect(state.body.errors).toEqual({ publication: [M.publication] });
    });

    it('filters on the state as the site judges it now', async () => {
      const idsOf = async (state: string) =>
        (await list(`?publication=${state}&sort=title`).expect(200)).body.data.map(
          (p: { id: number }) => p.id,
        );
      expect(await idsOf('draft')).toEqual([ids.tower]);
      expect(await idsOf('scheduled')).toEqual([ids.cocotiers]);
      expect(await idsOf('published')).toEqual([ids.villa, ids.dossou]);
      expect(await idsOf('')).toEqual([ids.villa, ids.tower, ids.cocotiers, ids.dossou]);
    });

    it('searches each word in the title or the numéro, in any case', async () => {
      const found = async (search: string) => {
        const answer = await list(`?search=${encodeURIComponent(search)}&sort=title`).expect(200);
        return { ids: answer.body.data.map((p: { id: number }) => p.id), total: answer.body.total };
      };
      expect(await found('villa')).toEqual({ ids: [ids.villa], total: 1 });
      expect(await found('prj-01')).toEqual({ ids: [ids.tower], total: 1 });
      expect(await found('centre PRJ-001')).toEqual({ ids: [ids.cocotiers], total: 1 });
      expect(await found('effacée')).toEqual({ ids: [], total: 0 });
    });

    it('lets the commercial read the list', async () => {
      const answer = await list('', await api.tokenFor('commercial')).expect(200);
      expect(answer.body.total).toBe(4);
    });
  });

  describe('the bulk actions', () => {
    it('publishes the projects ticked now, logs and versions each, and names the refused ones', async () => {
      const draft = await aProject(api.db, { title: 'Bulk Brouillon', publication: 'draft' });
      const later = await aProject(api.db, { title: 'Bulk Programmé', publish_at: LATER });
      const live = await aProject(api.db, { title: 'Bulk En ligne' });
      const gone = await aProject(api.db, { title: 'Bulk Corbeille', deleted_at: toDbDateTime(new Date()) });
      const since = await lastActivityId(api.db.knex);

      const answer = await bulk({ action: 'publish', ids: [draft.id, later.id, live.id, gone.id, 999_999] });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        changed: 2,
        refused: [
          { id: gone.id, message: M.notFound },
          { id: 999_999, message: M.notFound },
        ],
        message: '2 éléments modifiés, 2 refusés.',
      });
      expect(await project(draft.id)).toMatchObject({ publication: 'published', publish_at: null });
      // Scheduled for later: on the site now.
      expect(await project(later.id)).toMatchObject({ publication: 'published', publish_at: null });
      expect(await project(gone.id)).toMatchObject({ publication: 'published' });

      const logged = await activitySince(api.db.knex, since);
      expect(logged.map((row) => [row.action, row.entity, row.entity_id, row.label, row.user_name])).toEqual([
        ['update', 'project', String(draft.id), 'Bulk Brouillon', ROLE_NAMES.admin],
        ['update', 'project', String(later.id), 'Bulk Programmé', ROLE_NAMES.admin],
      ]);
      expect(logged[0]!.changes).toEqual({ publication: ['draft', 'published'] });
      expect(Object.keys(logged[1]!.changes!).sort()).toEqual(['publish_at']);

      // The version before each change kept, as the project form's save keeps one.
      const versions = await api.db.knex('revisions').where({ kind: 'project' }).orderBy('id');
      expect(versions.map((row) => [Number(row.entity_id), JSON.parse(row.data).fields.title])).toEqual([
        [draft.id, 'Bulk Brouillon'],
        [later.id, 'Bulk Programmé'],
      ]);
    });

    it('unpublishes every project of the filtered list it counted, and nothing when the list changed', async () => {
      const a = await aProject(api.db, { title: 'Lot Kpota A' });
      const b = await aProject(api.db, { title: 'Lot Kpota B', publish_at: EARLIER });
      const filter = { search: 'kpota', publication: 'published' };

      const stale = await bulk({ action: 'unpublish', filter, expected: 3 });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(M.changed(3, '2 lignes'));
      expect(await project(a.id)).toMatchObject({ publication: 'published' });

      const answer = await bulk({ action: 'unpublish', filter, expected: 2 }).expect(200);
      expect(answer.body).toEqual({ changed: 2, refused: [], message: '2 éléments modifiés.' });
      expect(await project(a.id)).toMatchObject({ publication: 'draft' });
      // A draft keeps its moment, for a later publication to find it.
      expect((await project(b.id)).publish_at).not.toBeNull();
      expect((await list('?search=kpota&publication=draft')).body.total).toBe(2);
    });

    it('moves the projects ticked to the trash, out of the list', async () => {
      const a = await aProject(api.db, { title: 'Trash Houeto A' });
      const b = await aProject(api.db, { title: 'Trash Houeto B' });
      const since = await lastActivityId(api.db.knex);
      const answer = await bulk({ action: 'delete', ids: [a.id, b.id] }).expect(200);
      expect(answer.body).toEqual({ changed: 2, refused: [], message: '2 éléments modifiés.' });
      expect((await project(a.id)).deleted_at).not.toBeNull();
      expect((await list('?search=houeto')).body.total).toBe(0);
      const logged = await activitySince(api.db.knex, since);
      expect(logged.map((row) => [row.action, row.entity_id, row.label])).toEqual([
        ['trash', String(a.id), 'Trash Houeto A'],
        ['trash', String(b.id), 'Trash Houeto B'],
      ]);
    });

    it('refuses an unknown action, an empty selection, and a commercial', async () => {
      const unknown = await bulk({ action: 'archive', ids: [ids.villa] }).expect(422);
      expect(unknown.body.errors).toEqual({ action: [M.action] });
      const empty = await bulk({ action: 'publish', ids: [] }).expect(422);
      expect(empty.body.errors).toEqual({ ids: ['Sélectionnez au moins une ligne.'] });
      await bulk({ action: 'publish', ids: [ids.tower] }, await api.tokenFor('commercial')).expect(403);
      expect(await project(ids.tower)).toMatchObject({ publication: 'draft' });
    });
  });
});
