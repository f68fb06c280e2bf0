import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDbDateTime } from '#server/db/dialect';
import { openApiHarness, ROLE_NAMES, type ApiHarness } from '../helpers/api-harness';
import { activitySince, idsSortedBy, lastActivityId } from '../helpers/admin-lists';
import { aPromotion } from '../helpers/builders';
import { testEngines } from '../helpers/test-db';

/**
 * GET /api/admin/promotions and POST /api/admin/promotions/bulk on both engines
 * (docs/product-rules.md, "Lists of the back office" and "Bulk actions"): the page, its
 * total, each sort, the state filter and the search (title and code), ended promotions
 * listed, trashed ones never; bulk publication, unpublication and deletion by ids or by the
 * list's filter, each changed row logged and versioned as the form's save, refused rows named.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  validation: 'Erreur de validation',
  sortInvalid:
    'Tri inconnu. Colonnes possibles : title, start_date, end_date, created_at (précédées de « - » pour l’ordre décroissant).',
  perPage: 'Le nombre de lignes par page doit être compris entre 1 et 100.',
  publication: 'Le filtre de publication doit être « draft », « scheduled » ou « published ».',
  notFound: 'Élément introuvable (déjà supprimé ?).',
  changed: (expected: number, found: string) =>
    `La liste a changé depuis votre sélection (${found} au lieu de ${expected}). Vérifiez-la et recommencez : rien n’a été modifié.`,
};

const LATER = '2099-06-01 08:00:00';
const EARLIER = '2020-06-01 08:00:00';

interface Listed {
  id: number;
  title: string;
  start_date: string;
  end_date: string;
  created_at: string;
}

describe.each(testEngines())('promotions admin list on $name', (engine) => {
  let api: ApiHarness;
  let rows: Listed[];
  let ids: Record<'rentree' | 'saison' | 'ended' | 'draft', number>;

  const auth = (token = api.adminToken) => ({ Authorization: `Bearer ${token}` });
  const list = (query: string, token?: string) =>
    request(api.app).get(`/api/admin/promotions${query}`).set(auth(token));
  const bulk = (body: object, token?: string) =>
    request(api.app).post('/api/admin/promotions/bulk').set(auth(token)).send(body);
  const promotion = (id: number) => api.db.knex('promotions').where({ id }).first();
  const idsOf = (answer: { body: { data: { id: number }[] } }) => answer.body.data.map((p) => p.id);

  beforeAll(async () => {
    api = await openApiHarness(engine);
    const made = [
      { title: 'Arrivage ciment', code: 'RENTREE-2026', start_date: '2026-09-01', end_date: '2026-09-30' },
      {
        title: 'Bonne saison',
        code: null,
        start_date: '2026-03-01',
        end_date: '2099-12-31',
        publish_at: LATER,
      },
      // Ended: still listed for the staff.
      { title: 'Clôture 2020', code: 'FIN-2020', start_date: '2020-01-01', end_date: '2020-01-31' },
      {
        title: 'Devis offert',
        code: 'DEVIS',
        start_date: '2025-05-01',
        end_date: '2026-05-01',
        publication: 'draft',
      },
    ] as const;
    rows = [];
    for (const [i, values] of made.entries()) {
      const stamp = `2025-02-0${i + 1} 10:00:00`;
      const row = await aPromotion(api.db, { ...values, created_at: stamp, updated_at: stamp });
      rows.push({ id: row.id, ...values, created_at: stamp });
    }
    await aPromotion(api.db, { title: 'Arrivage effacé', deleted_at: toDbDateTime(new Date()) });
    ids = { rentree: rows[0]!.id, saison: rows[1]!.id, ended: rows[2]!.id, draft: rows[3]!.id };
  }, 120_000);
  afterAll(() => api.cleanup());

  describe('the list', () => {
    it('answers one page, the newest entered first, with the total, ended promotions included', async () => {
      const first = await list('?per_page=2').expect(200);
      expect(first.headers['cache-control']).toBe('no-store');
      expect(first.body).toMatchObject({
        current_page: 1,
        last_page: 2,
        per_page: 2,
        total: 4,
        from: 1,
        to: 2,
      });
      expect(idsOf(first)).toEqual([ids.draft, ids.ended]);
      expect(first.body.data[1]).toMatchObject({
        title: 'Clôture 2020',
        code: 'FIN-2020',
        startDate: '2020-01-01',
        endDate: '2020-01-31',
        publication: 'published',
      });
      expect(idsOf(await list('?per_page=2&page=2').expect(200))).toEqual([ids.saison, ids.rentree]);
    });

    it.each(['title', 'start_date', 'end_date', 'created_at'] as const)(
      'sorts on %s both ways',
      async (key) => {
        expect(idsOf(await list(`?sort=${key}`).expect(200))).toEqual(idsSortedBy(rows, key, 'asc'));
        expect(idsOf(await list(`?sort=-${key}`).expect(200))).toEqual(idsSortedBy(rows, key, 'desc'));
      },
    );

    it('refuses an unknown sort, a page over 100 rows and an unknown state in French', async () => {
      const sort = await list('?sort=discount').expect(422);
      expect(sort.body).toEqual({ message: M.validation, errors: { sort: [M.sortInvalid] } });
      expect((await list('?per_page=101').expect(422)).body.errors).toEqual({ per_page: [M.perPage] });
      expect((await list('?publication=yes').expect(422)).body.errors).toEqual({
        publication: [M.publication],
      });
    });

    it('filters on the state and searches the title and the code', async () => {
      expect(idsOf(await list('?publication=draft').expect(200))).toEqual([ids.draft]);
      expect(idsOf(await list('?publication=scheduled').expect(200))).toEqual([ids.saison]);
      expect(idsOf(await list('?publication=published&sort=title').expect(200))).toEqual([
        ids.rentree,
        ids.ended,
      ]);
      expect(idsOf(await list('?search=rentree').expect(200))).toEqual([ids.rentree]);
      expect(idsOf(await list('?search=ARRIVAGE').expect(200))).toEqual([ids.rentree]);
      expect(idsOf(await list('?search=devis&publication=published').expect(200))).toEqual([]);
    });
  });

  describe('the bulk actions', () => {
    it('publishes the promotions ticked now, logs and versions each, and names the refused ones', async () => {
      const draft = await aPromotion(api.db, { title: 'Lot Brouillon', publication: 'draft' });
      const later = await aPromotion(api.db, { title: 'Lot Programmé', publish_at: LATER });
      const live = await aPromotion(api.db, { title: 'Lot En ligne', publish_at: EARLIER });
      const gone = await aPromotion(api.db, { title: 'Lot Corbeille', deleted_at: toDbDateTime(new Date()) });
      const since = await lastActivityId(api.db.knex);

      const answer = await bulk({ action: 'publish', ids: [draft.id, later.id, live.id, gone.id] }).expect(
        200,
      );
      expect(answer.body).toEqual({
        changed: 2,
        refused: [{ id: gone.id, message: M.notFound }],
        message: '2 éléments modifiés, 1 refusé.',
      });
      expect(await promotion(draft.id)).toMatchObject({ publication: 'published' });
      expect(await promotion(later.id)).toMatchObject({ publication: 'published', publish_at: null });
      // Already on the site: untouched, its past moment kept.
      expect((await promotion(live.id)).publish_at).not.toBeNull();

      const logged = await activitySince(api.db.knex, since);
      expect(logged.map((row) => [row.action, row.entity, row.entity_id, row.label, row.user_name])).toEqual([
        ['update', 'promotion', String(draft.id), 'Lot Brouillon', ROLE_NAMES.admin],
        ['update', 'promotion', String(later.id), 'Lot Programmé', ROLE_NAMES.admin],
      ]);
      expect(logged[0]!.changes).toEqual({ publication: ['draft', 'published'] });
      // The version before each change kept, as the promotion form's save keeps one.
      const versions = await api.db.knex('revisions').where({ kind: 'promotion' }).orderBy('id');
      expect(versions.map((row) => [Number(row.entity_id), JSON.parse(row.data).fields.title])).toEqual([
        [draft.id, 'Lot Brouillon'],
        [later.id, 'Lot Programmé'],
      ]);
    });

    it('unpublishes the filtered list it counted, and nothing when the list changed', async () => {
      const a = await aPromotion(api.db, { title: 'Offre Zogbo A', code: 'ZOGBO' });
      await aPromotion(api.db, { title: 'Offre Zogbo B' });
      const filter = { search: 'zogbo' };

      const stale = await bulk({ action: 'unpublish', filter, expected: 1 });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(M.changed(1, '2 lignes'));
      expect(await promotion(a.id)).toMatchObject({ publication: 'published' });

      const since = await lastActivityId(api.db.knex);
      const answer = await bulk({ action: 'unpublish', filter, expected: 2 }).expect(200);
      expect(answer.body).toEqual({ changed: 2, refused: [], message: '2 éléments modifiés.' });
      expect((await list('?search=zogbo&publication=draft')).body.total).toBe(2);
      expect((await activitySince(api.db.knex, since)).map((row) => row.action)).toEqual([
        'update',
        'update',
      ]);
    });

    it('moves the promotions ticked to the trash, out of the list, as an editor', async () => {
      const a = await aPromotion(api.db, { title: 'Solde Adjovi' });
      const editor = await api.tokenFor('editeur');
      const since = await lastActivityId(api.db.knex);
      const answer = await bulk({ action: 'delete', ids: [a.id, a.id] }, editor).expect(200);
      expect(answer.body).toEqual({ changed: 1, refused: [], message: '1 élément modifié.' });
      expect((await promotion(a.id)).deleted_at).not.toBeNull();
      expect((await list('?search=adjovi')).body.total).toBe(0);
      const logged = await activitySince(api.db.knex, since);
      expect(logged.map((row) => [row.action, row.entity, row.entity_id, row.label])).toEqual([
        ['trash', 'promotion', String(a.id), 'Solde Adjovi'],
      ]);
    });
  });
});
