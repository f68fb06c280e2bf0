import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDbDateTime } from '#server/db/dialect';
import { openApiHarness, ROLE_NAMES, type ApiHarness } from '../helpers/api-harness';
import { activitySince, idsSortedBy, lastActivityId } from '../helpers/admin-lists';
import { aTestimonial } from '../helpers/builders';
import { testEngines } from '../helpers/test-db';

/**
 * GET /api/admin/testimonials and POST /api/admin/testimonials/bulk on both engines
 * (docs/product-rules.md, "Lists of the back office", "Bulk actions" and "Testimonials"):
 * the page, the latest given first, each sort, the state filter read on the `published`
 * flag and `publish_at`, the search (client, town, project), trashed ones never; bulk
 * 'Publier' and 'Retirer du site' logged exactly as the list's toggle logs one, and
 * deletion to the trash, by ids or by the list's filter.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  validation: 'Erreur de validation',
  sortInvalid:
    'Tri inconnu. Colonnes possibles : client_name, town, date, created_at (précédées de « - » pour l’ordre décroissant).',
  perPage: 'Le nombre de lignes par page doit être compris entre 1 et 100.',
  notFound: 'Élément introuvable (déjà supprimé ?).',
  changed: (expected: number, found: string) =>
    `La liste a changé depuis votre sélection (${found} au lieu de ${expected}). Vérifiez-la et recommencez : rien n’a été modifié.`,
};

const LATER = '2099-06-01 08:00:00';

interface Listed {
  id: number;
  client_name: string;
  town: string;
  date: string;
  created_at: string;
}

describe.each(testEngines())('testimonials admin list on $name', (engine) => {
  let api: ApiHarness;
  let rows: Listed[];
  let ids: Record<'agossou' | 'bio' | 'chabi' | 'dossa', number>;

  const auth = (token = api.adminToken) => ({ Authorization: `Bearer ${token}` });
  const list = (query: string, token?: string) =>
    request(api.app).get(`/api/admin/testimonials${query}`).set(auth(token));
  const bulk = (body: object, token?: string) =>
    request(api.app).post('/api/admin/testimonials/bulk').set(auth(token)).send(body);
  const testimonial = (id: number) => api.db.knex('testimonials').where({ id }).first();
  const idsOf = (answer: { body: { data: { id: number }[] } }) => answer.body.data.map((t) => t.id);

  beforeAll(async () => {
    api = await openApiHarness(engine);
    const made = [
      { client_name: 'Famille Agossou', town: 'Cotonou', project_type: 'Villa R+1', date: '2025-03-10' },
      {
        client_name: 'Bio Guéra',
        town: 'Parakou',
        project_type: 'Boutique',
        date: '2024-07-01',
        published: false,
      },
      {
        client_name: 'Chabi Orou',
        town: 'Abomey-Calavi',
        project_type: 'Duplex',
        date: '2025-11-20',
        publish_at: LATER,
      },
      {
        client_name: 'Dossa K.',
        town: 'Bruxelles (diaspora)',
        project_type: 'Villa basse',
        date: '2023-01-05',
      },
    ] as const;
    rows = [];
    for (const [i, values] of made.entries()) {
      const stamp = `2025-02-0${i + 1} 10:00:00`;
      const row = await aTestimonial(api.db, { ...values, created_at: stamp, updated_at: stamp });
      rows.push({ id: row.id, ...values, created_at: stamp });
    }
    await aTestimonial(api.db, { client_name: 'Famille Effacée', deleted_at: toDbDateTime(new Date()) });
    ids = { agossou: rows[0]!.id, bio: rows[1]!.id, chabi: rows[2]!.id, dossa: rows[3]!.id };
  }, 120_000);
  afterAll(() => api.cleanup());

  describe('the list', () => {
    it('answers one page, the latest given first, with the total', async () => {
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
      expect(idsOf(first)).toEqual([ids.chabi, ids.agossou, ids.bio]);
      expect(first.body.data[2]).toMatchObject({
        clientName: 'Bio Guéra',
        town: 'Parakou',
        projectType: 'Boutique',
        date: '2024-07-01',
        published: false,
      });
      expect(idsOf(await list('?per_page=3&page=2').expect(200))).toEqual([ids.dossa]);
    });

    it.each(['client_name', 'town', 'date', 'created_at'] as const)('sorts on %s both ways', async (key) => {
      expect(idsOf(await list(`?sort=${key}`).expect(200))).toEqual(idsSortedBy(rows, key, 'asc'));
      expect(idsOf(await list(`?sort=-${key}`).expect(200))).toEqual(idsSortedBy(rows, key, 'desc'));
    });

    it('refuses an unknown sort and a page over 100 rows in French', async () => {
      const sort = await list('?sort=text').expect(422);
      expect(sort.body).toEqual({ message: M.validation, errors: { sort: [M.sortInvalid] } });
      expect((await list('?per_page=101').expect(422)).body.errors).toEqual({ per_page: [M.perPage] });
    });

    it('filters on the state: unpublished, published for later, on the site', async () => {
      expect(idsOf(await list('?publication=draft').expect(200))).toEqual([ids.bio]);
      expect(idsOf(await list('?publication=scheduled').expect(200))).toEqual([ids.chabi]);
      expect(idsOf(await list('?publication=published').expect(200))).toEqual([ids.agossou, ids.dossa]);
    });

    it('searches the client, the town and the project, each word somewhere', async () => {
      expect(idsOf(await list('?search=agossou').expect(200))).toEqual([ids.agossou]);
      expect(idsOf(await list('?search=parakou').expect(200))).toEqual([ids.bio]);
      expect(idsOf(await list('?search=villa').expect(200))).toEqual([ids.agossou, ids.dossa]);
      expect(idsOf(await list('?search=villa%20diaspora').expect(200))).toEqual([ids.dossa]);
      expect(idsOf(await list('?search=effac').expect(200))).toEqual([]);
    });
  });

  describe('the bulk actions', () => {
    it('publishes the ones ticked, logged exactly as the toggle logs one, and names the refused ones', async () => {
      const single = await aTestimonial(api.db, { client_name: 'Famille Seule', published: false });
      const hidden = await aTestimonial(api.db, { client_name: 'Famille Hounsou', published: false });
      const shown = await aTestimonial(api.db, { client_name: 'Famille Visible' });
      const gone = await aTestimonial(api.db, {
        client_name: 'Famille Partie',
        deleted_at: toDbDateTime(new Date()),
      });

      const before = await lastActivityId(api.db.knex);
      await request(api.app)
        .patch(`/api/testimonials/${single.id}/published`)
        .set(auth())
        .send({ published: true })
        .expect(200);
      const [toggled] = await activitySince(api.db.knex, before);

      const since = await lastActivityId(api.db.knex);
      const answer = await bulk({ action: 'publish', ids: [hidden.id, shown.id, gone.id] }).expect(200);
      expect(answer.body).toEqual({
        changed: 1,
        refused: [{ id: gone.id, message: M.notFound }],
        message: '1 élément modifié, 1 refusé.',
      });
      expect(Boolean((await testimonial(hidden.id)).published)).toBe(true);
      expect(Boolean((await testimonial(gone.id)).published)).toBe(true);

      const logged = await activitySince(api.db.knex, since);
      expect(logged).toEqual([
        { ...toggled, entity_id: String(hidden.id), label: 'Famille Hounsou', user_name: ROLE_NAMES.admin },
      ]);
      expect(logged[0]).toMatchObject({ action: 'publish', entity: 'testimonial' });
    });

    it('takes the filtered list it counted off the site, and nothing when the list changed', async () => {
      const a = await aTestimonial(api.db, { client_name: 'Famille Zinsou', town: 'Ouidah' });
      await aTestimonial(api.db, { client_name: 'Clan Zinsou', town: 'Ouidah' });
      const filter = { search: 'zinsou ouidah', publication: 'published' };

      const stale = await bulk({ action: 'unpublish', filter, expected: 5 });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(M.changed(5, '2 lignes'));
      expect(Boolean((await testimonial(a.id)).published)).toBe(true);

      const since = await lastActivityId(api.db.knex);
      const answer = await bulk({ action: 'unpublish', filter, expected: 2 }).expect(200);
      expect(answer.body).toEqual({ changed: 2, refused: [], message: '2 éléments modifiés.' });
      expect(idsOf(await list('?search=zinsou&publication=published'))).toEqual([]);
      expect((await activitySince(api.db.knex, since)).map((row) => [row.action, row.changes])).toEqual([
        ['unpublish', { published: [1, 0] }],
        ['unpublish', { published: [1, 0] }],
      ]);
    });

    it('moves the ones ticked to the trash, out of the list and off the public API', async () => {
      const a = await aTestimonial(api.db, { client_name: 'Famille Trash Adan' });
      const since = await lastActivityId(api.db.knex);
      const answer = await bulk({ action: 'delete', ids: [a.id] }).expect(200);
      expect(answer.body).toEqual({ changed: 1, refused: [], message: '1 élément modifié.' });
      expect((await testimonial(a.id)).deleted_at).not.toBeNull();
      expect((await list('?search=adan')).body.total).toBe(0);
      await request(api.app).get(`/api/testimonials/${a.id}`).expect(404);
      expect((await activitySince(api.db.knex, since)).map((row) => [row.action, row.label])).toEqual([
        ['trash', 'Famille Trash Adan'],
      ]);
    });

    it('refuses the commercial, who only reads the list', async () => {
      const commercial = await api.tokenFor('commercial');
      expect((await list('', commercial).expect(200)).body.total).toBeGreaterThan(0);
      await bulk({ action: 'unpublish', ids: [ids.agossou] }, commercial).expect(403);
      expect(Boolean((await testimonial(ids.agossou)).published)).toBe(true);
    });
  });
});
