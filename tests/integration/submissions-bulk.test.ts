import { parse } from 'csv-parse/sync';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toDbDateTime, toNumber } from '#server/db/dialect';
import { openApiHarness, ROLE_NAMES, type ApiHarness } from '../helpers/api-harness';
import { aSubmission } from '../helpers/builders';
import { testEngines } from '../helpers/test-db';

/**
 * The requests' list sorted by `sort`, and its bulk actions (docs/product-rules.md, "Lists of
 * the back office", "Bulk actions", "Status history", "Assignment"), on every engine: the
 * rows, their history, the activity log and the outbox as the same change made one by one
 * leaves them; a selection by ids or by the list's filter; the CSV export of a selection.
 * Messages are written out here: a typo in the app must fail.
 */

const M = {
  sortInvalid:
    'Tri inconnu. Colonnes possibles : created_at, reference, first_name, project_title, status, location (précédées de « - » pour l’ordre décroissant).',
  perPageInvalid: 'Le nombre par page doit être un entier entre 1 et 100',
  actionInvalid: 'Action groupée inconnue pour cette liste.',
  statusRequired: 'Le statut est requis',
  assigneeRequired:
    'Choisissez la personne à qui confier ces dossiers, ou null pour les retirer (assignee_id).',
  userInvalid:
    'Cette personne ne peut pas suivre un dossier : choisissez un administrateur ou un commercial actif.',
  selectionBoth: 'Indiquez soit les lignes (ids), soit le filtre (filter), pas les deux.',
  notFound: 'Élément introuvable (déjà supprimé ?).',
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
  idsInvalid: 'Chaque ligne doit être désignée par un identifiant entier positif.',
  exportTooMany: 'Un export désigne au plus 1000 lignes ; sans sélection, il reprend toute la liste filtrée.',
};

const STATUS_ORDER = ['new', 'contacted', 'quoted', 'approved', 'rejected'];

/** Twelve requests whose every sorted column differs from one to the next (ties only on first_name). */
const ROWS = [
  ['Koffi', 'Zinsou', 'Bravo', 'Ouidah', 'quoted'],
  ['Awa', 'Dossou', 'Delta', 'Cotonou', 'new'],
  ['Serge', 'Agossou', 'Alpha', 'Parakou', 'rejected'],
  ['Awa', 'Agossou', 'Golf', 'Abomey', 'approved'],
  ['Nadia', 'Kpade', 'Echo', 'Bohicon', 'new'],
  ['Bruno', 'Houenou', 'Charlie', 'Natitingou', 'contacted'],
  ['Koffi', 'Adjovi', 'Hotel', 'Kandi', 'new'],
  ['Eloise', 'Hounkpe', 'India', 'Lokossa', 'quoted'],
  ['Marc', 'Tossou', 'Juliet', 'Djougou', 'contacted'],
  ['Yao', 'Mensah', 'Kilo', 'Savalou', 'approved'],
  ['Chantal', 'Gbaguidi', 'Lima', 'Dassa', 'new'],
  ['Denis', 'Ahouandjinou', 'Mike', 'Malanville', 'rejected'],
] as const;

interface Fixture {
  id: number;
  reference: string;
  first_name: string;
  last_name: string;
  project_title: string;
  location: string;
  status: string;
  created_at: string;
}

function readCsv(body: Buffer): string[][] {
  return parse(body.toString('utf8'), { bom: true, delimiter: ';' }) as string[][];
}

const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe.each(testEngines())('requests: sort and bulk actions on $name', (engine) => {
  let api: ApiHarness;
  let app: express.Express;
  let commercialToken: string;
  let commercialId: number;
  let adminId: number;
  let fixtures: Fixture[];
  const knex = () => api.db.knex;
  const bearer = (token = api.adminToken) => ({ Authorization: `Bearer ${token}` });
  const list = (query: Record<string, string | number>) =>
    request(app).get('/api/admin/project-submissions').set(bearer()).query(query);
  const bulk = (body: object, token = api.adminToken) =>
    request(app).post('/api/admin/project-submissions/bulk').set(bearer(token)).send(body);
  const statusOf = async (id: number) =>
    String((await knex()('project_submissions').where({ id }).first('status')).status);
  const count = async (table: string, where: Record<string, unknown> = {}) =>
    toNumber((await knex()(table).where(where).count({ n: '*' }).first())!.n as number | string);

  beforeAll(async () => {
    api = await openApiHarness(engine);
    app = api.app;
    commercialToken = await api.tokenFor('commercial');
    commercialId = Number(
      (await knex()('users').where({ name: ROLE_NAMES.commercial }).first('id')).id as number | string,
    );
    adminId = Number((await knex()('users').where({ name: 'Awa Admin' }).first('id')).id as number | string);
  });
  afterAll(() => api.cleanup());
  beforeEach(async () => {
    await knex()('outbox').del();
    await knex()('activity_log').del();
    await knex()('trash').del();
    await knex()('submission_events').del();
    await knex()('project_submissions').del();
    fixtures = [];
    for (const [i, [first, last, title, location, status]] of ROWS.entries()) {
      const row = {
        reference: `EDF-2026-${String(90 - i * 7).padStart(5, '0')}`,
        first_name: first,
        last_name: last,
        project_title: title,
        location,
        status,
        created_at: toDbDateTime(new Date(Date.UTC(2026, 0, 1 + ((i * 5) % 12), 9))),
      };
      const { id } = await aSubmission(knex(), row);
      fixtures.push({ id, ...row });
    }
  });

  /** The fixtures ordered by `key` (then by id), as the list should answer them. */
  function expectedOrder(key: string, order: 'asc' | 'desc'): number[] {
    const value = (row: Fixture): string | number =>
      key === 'status'
        ? STATUS_ORDER.indexOf(row.status)
        : key === 'first_name'
          ? `${row.first_name}\u0000${row.last_name}`
          : String(row[key as keyof Fixture]);
    const sorted = [...fixtures].sort((a, b) => {
      const [x, y] = [value(a), value(b)];
      return x < y ? -1 : x > y ? 1 : a.id - b.id;
    });
    if (order === 'desc') sorted.reverse();
    return sorted.map((row) => row.id);
  }

  describe('GET /api/admin/project-submissions?sort=', () => {
    it.each(['created_at', 'reference', 'first_name', 'project_title', 'status', 'location'])(
      'sorts by %s in both directions, over two pages',
      async (key) => {
        for (const order of ['asc', 'desc'] as const) {
          const sort = order === 'desc' ? `-${key}` : key;
          const first = await list({ sort, per_page: 7 }).expect(200);
          const second = await list({ sort, per_page: 7, page: 2 }).expect(200);
          const ids = [...first.body.data.data, ...second.body.data.data].map(
            (row: { id: number }) => row.id,
          );
          expect(ids, sort).toEqual(expectedOrder(key, order));
          expect(first.body.data).toMatchObject({ total: 12, per_page: 7, last_page: 2 });
          expect(first.body.stats).toMatchObject({ total: 12, new: 4 });
        }
      },
    );

    it('reads sort_by and sort_order when sort is absent, and lets sort win when both are given', async () => {
      const old = await list({ sort_by: 'project_title', sort_order: 'asc', per_page: 100 }).expect(200);
      expect(old.body.data.data.map((row: { id: number }) => row.id)).toEqual(
        expectedOrder('project_title', 'asc'),
      );
      const both = await list({ sort: '-location', sort_by: 'project_title', per_page: 100 }).expect(200);
      expect(both.body.data.data.map((row: { id: number }) => row.id)).toEqual(
        expectedOrder('location', 'desc'),
      );
    });

    it('refuses an unknown sort and a page of 101 rows with a 422 in French', async () => {
      const sort = await list({ sort: 'email' }).expect(422);
      expect(sort.body.errors).toEqual({ sort: [M.sortInvalid] });
      const injection = await list({ sort: '-created_at; DROP TABLE users' }).expect(422);
      expect(injection.body.errors).toEqual({ sort: [M.sortInvalid] });
      const wide = await list({ per_page: 101 }).expect(422);
      expect(wide.body.errors).toEqual({ per_page: [M.perPageInvalid] });
    });
  });

  describe('POST /api/admin/project-submissions/bulk', () => {
    it('changes the status of the rows ticked as the dialog does: history, activity log, no mail', async () => {
      const [a, b, c] = fixtures; // quoted, new, rejected
      const response = await bulk({
        action: 'status',
        status: 'contacted',
        ids: [a!.id, b!.id, c!.id],
      }).expect(200);
      expect(response.body).toEqual({ changed: 3, refused: [], message: '3 éléments modifiés.' });
      for (const row of [a!, b!, c!]) expect(await statusOf(row.id)).toBe('contacted');

      const events = await knex()('submission_events').orderBy('id');
      expect(
        events.map((event) => [toNumber(event.submission_id), event.from_status, event.to_status]),
      ).toEqual([
        [a!.id, 'quoted', 'contacted'],
        [b!.id, 'new', 'contacted'],
        [c!.id, 'rejected', 'contacted'],
      ]);
      expect(
        events.every((event) => event.author_name === 'Awa Admin' && event.client_message === null),
      ).toBe(true);
      const log = await knex()('activity_log').orderBy('id');
      expect(log.map((row) => [row.action, row.entity, row.entity_id, row.label])).toEqual([
        ['status', 'submission', String(a!.id), a!.reference],
        ['status', 'submission', String(b!.id), b!.reference],
        ['status', 'submission', String(c!.id), c!.reference],
      ]);
      expect(JSON.parse(log[0].changes)).toEqual({ status: ['quoted', 'contacted'] });
      // A status alone never mails the client (only a message written to them does).
      expect(await count('outbox')).toBe(0);
    });

    it('counts a row already at that status as neither changed nor refused, and names a missing row', async () => {
      const fresh = fixtures.find((row) => row.status === 'new')!;
      const quoted = fixtures.find((row) => row.status === 'quoted')!;
      const response = await bulk({
        action: 'status',
        status: 'new',
        ids: [fresh.id, quoted.id, 999_999],
      }).expect(200);
      expect(response.body).toEqual({
        changed: 1,
        refused: [{ id: 999_999, message: M.notFound }],
        message: '1 élément modifié, 1 refusé.',
      });
      expect(await statusOf(quoted.id)).toBe('new');
      expect(await count('submission_events')).toBe(1);
      expect(await count('activity_log')).toBe(1);
    });

    it('lets a commercial change statuses and assign, as one by one', async () => {
      const [a] = fixtures;
      await bulk({ action: 'status', status: 'approved', ids: [a!.id] }, commercialToken).expect(200);
      expect(await statusOf(a!.id)).toBe('approved');
      await bulk({ action: 'assign', assignee_id: commercialId, ids: [a!.id] }, commercialToken).expect(200);
      // Assigned to oneself: no mail.
      expect(await count('outbox')).toBe(0);
    });

    it('acts on every row of the filtered list (status, assignee "me", search) when it still counts as many', async () => {
      const news = fixtures.filter((row) => row.status === 'new');
      // 'me' is the administrator: two of the new requests are theirs.
      await knex()('project_submissions')
        .whereIn('id', [news[0]!.id, news[1]!.id, fixtures[0]!.id])
        .update({ assignee_id: adminId });
      const filter = { status: 'new', assignee: 'me', search: '' };

      const stale = await bulk({ action: 'status', status: 'quoted', filter, expected: 3 }).expect(409);
      expect(stale.body.message).toBe(
        'La liste a changé depuis votre sélection (2 lignes au lieu de 3). Vérifiez-la et recommencez : rien n’a été modifié.',
      );
      expect(await count('project_submissions', { status: 'quoted' })).toBe(2);

      const done = await bulk({ action: 'status', status: 'quoted', filter, expected: 2 }).expect(200);
      expect(done.body.changed).toBe(2);
      expect(await statusOf(news[0]!.id)).toBe('quoted');
      expect(await statusOf(news[1]!.id)).toBe('quoted');
      expect(await statusOf(news[2]!.id)).toBe('new');

      // The search of the list: every word in one of its columns.
      const searched = await bulk({
        action: 'status',
        status: 'rejected',
        filter: { search: 'koffi ouidah' },
        expected: 1,
      }).expect(200);
      expect(searched.body.changed).toBe(1);
      expect(await statusOf(fixtures[0]!.id)).toBe('rejected');
    });

    it('assigns the rows to one person with the log entry and mail of each, and takes them back with null', async () => {
      const [a, b] = fixtures;
      const given = await bulk({ action: 'assign', assignee_id: commercialId, ids: [a!.id, b!.id] }).expect(
        200,
      );
      expect(given.body.changed).toBe(2);
      const assignees = await knex()('project_submissions')
        .whereIn('id', [a!.id, b!.id])
        .pluck('assignee_id');
      expect(assignees.map((id) => toNumber(id as number))).toEqual([commercialId, commercialId]);
      const log = await knex()('activity_log').where({ action: 'assign' }).orderBy('id');
      expect(log.map((row) => [row.entity_id, row.label, JSON.parse(row.changes)])).toEqual([
        [String(a!.id), a!.reference, { assignee: [null, ROLE_NAMES.commercial] }],
        [String(b!.id), b!.reference, { assignee: [null, ROLE_NAMES.commercial] }],
      ]);
      expect(await count('outbox')).toBe(2);

      const back = await bulk({ action: 'assign', assignee_id: null, ids: [a!.id, b!.id] }).expect(200);
      expect(back.body.changed).toBe(2);
      expect(await count('project_submissions', { assignee_id: null })).toBe(12);
    });

    it('refuses the whole assignment to someone who may not be assigned, or without assignee_id', async () => {
      const editorId = Number((await knex()('users').where({ role: 'editor' }).first('id')).id as number);
      const [a] = fixtures;
      for (const [body, errors] of [
        [{ action: 'assign', assignee_id: editorId, ids: [a!.id] }, { assignee_id: [M.userInvalid] }],
        [{ action: 'assign', assignee_id: 987_654, ids: [a!.id] }, { assignee_id: [M.userInvalid] }],
        [{ action: 'assign', ids: [a!.id] }, { assignee_id: [M.assigneeRequired] }],
        [{ action: 'status', ids: [a!.id] }, { status: [M.statusRequired] }],
        [{ action: 'publier', ids: [a!.id] }, { action: [M.actionInvalid] }],
        [{ action: 'status', status: 'new', ids: [a!.id], filter: {} }, { ids: [M.selectionBoth] }],
      ] as const) {
        const response = await bulk(body).expect(422);
        expect(response.body.errors, JSON.stringify(body)).toEqual(errors);
      }
      expect(await count('activity_log')).toBe(0);
      expect(await count('project_submissions', { assignee_id: null })).toBe(12);
    });

    it('moves the rows to the trash for the administrator, and refuses a commercial with a 403', async () => {
      const [a, b] = fixtures;
      const refused = await bulk({ action: 'delete', ids: [a!.id, b!.id] }, commercialToken).expect(403);
      expect(refused.body).toEqual({ message: M.forbidden });
      expect(await count('trash')).toBe(0);

      const response = await bulk({ action: 'delete', ids: [a!.id, b!.id, 999_999] }).expect(200);
      expect(response.body).toEqual({
        changed: 2,
        refused: [{ id: 999_999, message: M.notFound }],
        message: '2 éléments modifiés, 1 refusé.',
      });
      const trashed = await knex()('trash').where({ kind: 'submission' }).pluck('entity_id');
      expect(trashed.map((id) => toNumber(id as number)).sort((x, y) => x - y)).toEqual(
        [a!.id, b!.id].sort((x, y) => x - y),
      );
      expect(await count('activity_log', { action: 'trash', entity: 'submission' })).toBe(2);
      const listed = await list({ per_page: 100 }).expect(200);
      expect(listed.body.data.total).toBe(10);
      expect(listed.body.stats.total).toBe(10);
    });
  });

  describe('GET /api/admin/project-submissions/export.csv?ids=', () => {
    const exportCsv = (query: Record<string, string>) =>
      request(app)
        .get('/api/admin/project-submissions/export.csv')
        .set(bearer())
        .query(query)
        .buffer(true)
        .parse(binary);

    it('exports the rows ticked only, in the list’s sort', async () => {
      const [a, b, c] = fixtures;
      const response = await exportCsv({ ids: `${a!.id},${b!.id},${c!.id}`, sort: 'project_title' }).expect(
        200,
      );
      const rows = readCsv(response.body as Buffer);
      expect(rows[0]![0]).toBe('Référence');
      // Alpha (c), Bravo (a), Delta (b).
      expect(rows.slice(1).map((row) => row[0])).toEqual([c!.reference, a!.reference, b!.reference]);
      // With a filter too: the rows ticked that it keeps.
      const both = await exportCsv({ ids: `${a!.id},${b!.id}`, status: 'new' }).expect(200);
      expect(
        readCsv(both.body as Buffer)
          .slice(1)
          .map((row) => row[0]),
      ).toEqual([b!.reference]);
    });

    it('refuses ids that are not whole numbers, or more than 1,000 of them', async () => {
      const refused = (ids: string) =>
        request(app)
          .get('/api/admin/project-submissions/export.csv')
          .set(bearer())
          .query({ ids })
          .expect(422);
      expect((await refused('1,deux')).body.errors).toEqual({ ids: [M.idsInvalid] });
      expect((await refused('3,,4')).body.errors).toEqual({ ids: [M.idsInvalid] });
      const many = await refused(Array.from({ length: 1001 }, (_, i) => i + 1).join(','));
      expect(many.body.errors).toEqual({ ids: [M.exportTooMany] });
    });
  });
});
