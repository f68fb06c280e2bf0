import { parse } from 'csv-parse/sync';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { toDbDateTime, toNumber } from '#server/db/dialect';
import { openApiHarness, ROLE_NAMES, type ApiHarness } from '../helpers/api-harness';
import { testEngines } from '../helpers/test-db';

/**
 * The messages inbox sorted by `sort`, and its bulk actions (docs/product-rules.md, "Lists
 * of the back office", "Bulk actions", "Messages inbox", "Assignment"), on every engine:
 * read, unread, archived, assigned and trashed as one by one (the rows, the activity log,
 * the dashboard's unread count), by ids or by the list's filter; the CSV export of a
 * selection. Messages are written out here: a typo in the app must fail.
 */

const M = {
  sortInvalid:
    'Tri inconnu. Colonnes possibles : created_at, reference, name, subject, status (précédées de « - » pour l’ordre décroissant).',
  perPageInvalid: 'Le nombre par page doit être un entier entre 1 et 100',
  actionInvalid: 'Action groupée inconnue pour cette liste.',
  assigneeRequired:
    'Choisissez la personne à qui confier ces dossiers, ou null pour les retirer (assignee_id).',
  userInvalid:
    'Cette personne ne peut pas suivre un dossier : choisissez un administrateur ou un commercial actif.',
  selectionMissing: 'Indiquez les lignes à traiter (ids) ou le filtre de la liste (filter).',
  notFound: 'Élément introuvable (déjà supprimé ?).',
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
  idsInvalid: 'Chaque ligne doit être désignée par un identifiant entier positif.',
};

/** Ten messages: name, subject, status; every sorted column differs but the subject and status. */
const ROWS = [
  ['Koffi Agbo', 'devis', 'unread'],
  ['Awa Houenou', 'renseignement', 'read'],
  ['Serge Dossou', 'achat', 'archived'],
  ['Nadia Kpade', 'immobilier', 'unread'],
  ['Bruno Zinsou', 'autre', 'read'],
  ['Eloise Hounkpe', 'devis', 'unread'],
  ['Marc Tossou', 'achat', 'read'],
  ['Yao Mensah', 'renseignement', 'archived'],
  ['Chantal Gbaguidi', 'immobilier', 'unread'],
  ['Denis Adjovi', 'autre', 'read'],
] as const;

interface Fixture {
  id: number;
  reference: string;
  name: string;
  subject: string;
  status: string;
  created_at: string;
}

const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe.each(testEngines())('messages: sort and bulk actions on $name', (engine) => {
  let api: ApiHarness;
  let app: express.Express;
  let commercialToken: string;
  let commercialId: number;
  let adminId: number;
  let fixtures: Fixture[];
  const knex = () => api.db.knex;
  const bearer = (token = api.adminToken) => ({ Authorization: `Bearer ${token}` });
  const list = (query: Record<string, string | number>) =>
    request(app).get('/api/admin/contact-messages').set(bearer()).query(query);
  const bulk = (body: object, token = api.adminToken) =>
    request(app).post('/api/admin/contact-messages/bulk').set(bearer(token)).send(body);
  const row = (id: number) =>
    knex()('contact_messages').where({ id }).first('status', 'read_at', 'assignee_id');
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
    await knex()('contact_messages').del();
    fixtures = [];
    for (const [i, [name, subject, status]] of ROWS.entries()) {
      const stamp = toDbDateTime(new Date(Date.UTC(2026, 2, 1 + ((i * 3) % 10), 10)));
      const message = {
        reference: `MSG-2026-${String(50 - i * 4).padStart(5, '0')}`,
        name,
        subject,
        status,
        created_at: stamp,
      };
      const [id] = await knex()('contact_messages').insert({
        ...message,
        email: `${name.split(' ')[0]!.toLowerCase()}@exemple.bj`,
        phone: null,
        message: `Bonjour, message numéro ${i} envoyé depuis le site.`,
        read_at: status === 'unread' ? null : stamp,
        updated_at: stamp,
      });
      fixtures.push({ id: Number(id), ...message });
    }
  });

  function expectedOrder(key: keyof Fixture, order: 'asc' | 'desc'): number[] {
    const sorted = [...fixtures].sort((a, b) => {
      const [x, y] = [String(a[key]), String(b[key])];
      return x < y ? -1 : x > y ? 1 : a.id - b.id;
    });
    if (order === 'desc') sorted.reverse();
    return sorted.map((fixture) => fixture.id);
  }

  describe('GET /api/admin/contact-messages?sort=', () => {
    it.each(['created_at', 'reference', 'name', 'subject', 'status'] as const)(
      'sorts by %s in both directions, over two pages',
      async (key) => {
        for (const order of ['asc', 'desc'] as const) {
          const sort = order === 'desc' ? `-${key}` : key;
          const first = await list({ sort, per_page: 6 }).expect(200);
          const second = await list({ sort, per_page: 6, page: 2 }).expect(200);
          const ids = [...first.body.data.data, ...second.body.data.data].map((m: { id: number }) => m.id);
          expect(ids, sort).toEqual(expectedOrder(key, order));
          expect(first.body.data).toMatchObject({ total: 10, per_page: 6, last_page: 2 });
          expect(first.body.stats).toEqual({ total: 10, unread: 4, archived: 2 });
        }
      },
    );

    it('is newest first without sort, and refuses an unknown sort and 101 rows a page in French', async () => {
      const plain = await list({ per_page: 100 }).expect(200);
      expect(plain.body.data.data.map((m: { id: number }) => m.id)).toEqual(
        expectedOrder('created_at', 'desc'),
      );
      expect((await list({ sort: 'email' }).expect(422)).body.errors).toEqual({ sort: [M.sortInvalid] });
      expect((await list({ sort: '--name' }).expect(422)).body.errors).toEqual({ sort: [M.sortInvalid] });
      expect((await list({ per_page: 101 }).expect(422)).body.errors).toEqual({
        per_page: [M.perPageInvalid],
      });
    });
  });

  describe('POST /api/admin/contact-messages/bulk', () => {
    it('marks messages read as opening them does: read_at set, each logged, the unread count down', async () => {
      const unread = fixtures.filter((m) => m.status === 'unread');
      const read = fixtures.find((m) => m.status === 'read')!;
      const response = await bulk({
        action: 'read',
        ids: [...unread.slice(0, 3).map((m) => m.id), read.id],
      }).expect(200);
      expect(response.body).toEqual({ changed: 3, refused: [], message: '3 éléments modifiés.' });
      for (const m of unread.slice(0, 3)) {
        const stored = await row(m.id);
        expect(stored.status).toBe('read');
        expect(stored.read_at).not.toBeNull();
      }
      const log = await knex()('activity_log').orderBy('id');
      expect(log.map((entry) => [entry.action, entry.entity, entry.entity_id, entry.label])).toEqual(
        unread.slice(0, 3).map((m) => ['status', 'contact_message', String(m.id), m.reference]),
      );
      expect(JSON.parse(log[0].changes)).toEqual({ status: ['unread', 'read'] });
      const stats = await request(app).get('/api/admin/stats').set(bearer()).expect(200);
      expect(stats.body.unread_messages).toBe(1);
    });

    it('marks messages unread again and archives others, naming a missing one', async () => {
      const read = fixtures.filter((m) => m.status === 'read');
      const unread = await bulk({ action: 'unread', ids: [read[0]!.id] }).expect(200);
      expect(unread.body.changed).toBe(1);
      expect(await row(read[0]!.id)).toMatchObject({ status: 'unread', read_at: null });

      const archived = await bulk({ action: 'archive', ids: [read[1]!.id, read[2]!.id, 999_999] }).expect(
        200,
      );
      expect(archived.body).toEqual({
        changed: 2,
        refused: [{ id: 999_999, message: M.notFound }],
        message: '2 éléments modifiés, 1 refusé.',
      });
      expect((await row(read[1]!.id)).status).toBe('archived');
      expect(await count('activity_log', { action: 'status' })).toBe(3);
    });

    it('acts on the filtered list (status, assignee "me", search) only while it counts what the staff saw', async () => {
      const unread = fixtures.filter((m) => m.status === 'unread');
      await knex()('contact_messages')
        .whereIn('id', [unread[0]!.id, unread[1]!.id])
        .update({ assignee_id: adminId });
      const filter = { status: 'unread', assignee: 'me' };
      const stale = await bulk({ action: 'archive', filter, expected: 4 }).expect(409);
      expect(stale.body.message).toContain('2 lignes au lieu de 4');
      expect(await count('contact_messages', { status: 'archived' })).toBe(2);

      await bulk({ action: 'archive', filter, expected: 2 }).expect(200);
      expect((await row(unread[0]!.id)).status).toBe('archived');
      expect((await row(unread[2]!.id)).status).toBe('unread');

      const searched = await bulk({ action: 'read', filter: { search: 'chantal' }, expected: 1 }).expect(200);
      expect(searched.body.changed).toBe(1);
      expect((await row(unread[3]!.id)).status).toBe('read');
    });

    it('assigns messages with a log entry each, refusing the whole request for someone who may not follow them', async () => {
      const [a, b] = fixtures;
      const editorId = Number((await knex()('users').where({ role: 'editor' }).first('id')).id as number);
      const refused = await bulk({ action: 'assign', assignee_id: editorId, ids: [a!.id, b!.id] }).expect(
        422,
      );
      expect(refused.body.errors).toEqual({ assignee_id: [M.userInvalid] });
      const missing = await bulk({ action: 'assign', ids: [a!.id] }).expect(422);
      expect(missing.body.errors).toEqual({ assignee_id: [M.assigneeRequired] });
      expect(await count('activity_log')).toBe(0);

      const given = await bulk({ action: 'assign', assignee_id: commercialId, ids: [a!.id, b!.id] }).expect(
        200,
      );
      expect(given.body.changed).toBe(2);
      expect(toNumber((await row(a!.id)).assignee_id as number)).toBe(commercialId);
      const log = await knex()('activity_log').where({ action: 'assign' }).orderBy('id');
      expect(log.map((entry) => [entry.entity, entry.label, JSON.parse(entry.changes)])).toEqual([
        ['contact_message', a!.reference, { assignee: [null, ROLE_NAMES.commercial] }],
        ['contact_message', b!.reference, { assignee: [null, ROLE_NAMES.commercial] }],
      ]);
      // The assignee's mail of each message, as one by one.
      expect(await count('outbox')).toBe(2);
    });

    it('moves messages to the trash for the administrator only', async () => {
      const [a, b] = fixtures;
      expect((await bulk({ action: 'delete', ids: [a!.id] }, commercialToken).expect(403)).body).toEqual({
        message: M.forbidden,
      });
      // The commercial's other actions pass.
      await bulk({ action: 'read', ids: [a!.id] }, commercialToken).expect(200);

      const response = await bulk({ action: 'delete', ids: [a!.id, b!.id] }).expect(200);
      expect(response.body.changed).toBe(2);
      expect(await count('trash', { kind: 'message' })).toBe(2);
      expect(await count('activity_log', { action: 'trash', entity: 'contact_message' })).toBe(2);
      expect((await list({}).expect(200)).body.data.total).toBe(8);
    });

    it('refuses an unknown action and a request without a selection in French', async () => {
      expect((await bulk({ action: 'publish', ids: [1] }).expect(422)).body.errors).toEqual({
        action: [M.actionInvalid],
      });
      expect((await bulk({ action: 'read' }).expect(422)).body.errors).toEqual({ ids: [M.selectionMissing] });
      expect((await bulk({ action: 'read', ids: [0] }).expect(422)).body.errors).toEqual({
        ids: [M.idsInvalid],
      });
    });
  });

  describe('GET /api/admin/contact-messages/export.csv?ids=', () => {
    it('exports the messages ticked only, in the list’s sort', async () => {
      const [a, b, c] = fixtures; // Koffi, Awa, Serge
      const response = await request(app)
        .get('/api/admin/contact-messages/export.csv')
        .set(bearer())
        .query({ ids: `${a!.id},${b!.id},${c!.id}`, sort: 'name' })
        .buffer(true)
        .parse(binary)
        .expect(200);
      const rows = parse((response.body as Buffer).toString('utf8'), {
        bom: true,
        delimiter: ';',
      }) as string[][];
      expect(rows.slice(1).map((cells) => cells[3])).toEqual(['Awa Houenou', 'Koffi Agbo', 'Serge Dossou']);
      const bad = await request(app)
        .get('/api/admin/contact-messages/export.csv')
        .set(bearer())
        .query({ ids: '-4' })
        .expect(422);
      expect(bad.body.errors).toEqual({ ids: [M.idsInvalid] });
    });
  });
});
