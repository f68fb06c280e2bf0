import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fromDbDateTime, toDbDateTime } from '#server/db/dialect';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { idsInOrder } from '../helpers/list-order';
import { testEngines } from '../helpers/test-db';

/**
 * The outbox's list and its bulk 'Renvoyer' on every engine (docs/product-rules.md, "Lists of
 * the back office" and "Bulk actions"): sorted on each allowed column, searched in recipients
 * and subject, filtered by status, paged; a selection of failed mails back in the queue, due
 * at once, each logged as the single retry logs it, a sent or queued mail refused with why.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  sortInvalid:
    'Tri inconnu. Colonnes possibles : created_at, status, attempts, next_attempt_at, sent_at (précédées de « - » pour l’ordre décroissant).',
  perPageInvalid: 'Le nombre de courriels par page doit être compris entre 1 et 100.',
  sent: 'Ce courriel a déjà été envoyé : il n’est pas renvoyé.',
  queued: 'Ce courriel n’a pas échoué : il est encore dans la file d’envoi.',
  notFound: 'Élément introuvable (déjà supprimé ?).',
  actionInvalid: 'Action groupée inconnue pour cette liste.',
};

interface Mail {
  id: number;
  recipients: string;
  subject: string;
  status: string;
  attempts: number;
  created_at: string;
  next_attempt_at: string;
  sent_at: string | null;
}

const at = (time: string) => toDbDateTime(new Date(`2026-03-02T${time}:00Z`));

const MAILS: Omit<Mail, 'id'>[] = [
  {
    recipients: 'awa@exemple.bj',
    subject: 'Votre demande EDF-2026-00001 a bien été reçue',
    status: 'sent',
    attempts: 1,
    created_at: at('08:00'),
    next_attempt_at: at('08:00'),
    sent_at: at('08:01'),
  },
  {
    recipients: 'koffi@exemple.bj,bureau@edifier.test',
    subject: 'Nouveau message MSG-2026-00007 : Location',
    status: 'failed',
    attempts: 8,
    created_at: at('09:00'),
    next_attempt_at: at('09:30'),
    sent_at: null,
  },
  {
    recipients: 'chantier@edifier.test',
    subject: 'Votre chantier EDF-2026-00003 : une nouvelle mise à jour',
    status: 'pending',
    attempts: 2,
    created_at: at('10:00'),
    next_attempt_at: at('10:45'),
    sent_at: null,
  },
  {
    recipients: 'awa@exemple.bj',
    subject: 'Invitation à rejoindre l’équipe',
    status: 'failed',
    attempts: 5,
    created_at: at('11:00'),
    next_attempt_at: at('11:05'),
    sent_at: null,
  },
];

describe.each(testEngines())('outbox list on $name', (engine) => {
  let api: ApiHarness;
  let mails: Mail[];
  const auth = () => ({ Authorization: `Bearer ${api.adminToken}` });
  const list = (query: string) => request(api.app).get(`/api/admin/outbox?${query}`).set(auth());
  const ids = (body: { data: { data: { id: number }[] } }) => body.data.data.map((mail) => mail.id);
  const bulk = (body: object) => request(api.app).post('/api/admin/outbox/bulk').set(auth()).send(body);

  beforeAll(async () => {
    api = await openApiHarness(engine);
  });
  afterAll(() => api.cleanup());
  beforeEach(async () => {
    await api.db.knex('outbox').del();
    await api.db.knex('activity_log').del();
    mails = [];
    for (const mail of MAILS) {
      const [id] = await api.db
        .knex('outbox')
        .insert({ ...mail, html: '<p>Bonjour</p>', text: 'Bonjour', updated_at: mail.created_at });
      mails.push({ ...mail, id: Number(id) });
    }
  });

  it('lists the newest first by default, and in the order of each allowed column, both ways', async () => {
    const newest = await list('').expect(200);
    expect(newest.body.smtp_configured).toBe(false);
    expect(newest.body.data).toMatchObject({ total: 4, per_page: 20, current_page: 1, from: 1, to: 4 });
    expect(ids(newest.body)).toEqual(idsInOrder(mails, (m) => m.created_at, 'desc'));

    const columns: Record<string, (mail: Mail) => string | number | null> = {
      created_at: (m) => m.created_at,
      status: (m) => m.status,
      attempts: (m) => m.attempts,
      next_attempt_at: (m) => m.next_attempt_at,
      sent_at: (m) => m.sent_at,
    };
    for (const [column, value] of Object.entries(columns)) {
      const up = await list(`sort=${column}`).expect(200);
      expect(ids(up.body), column).toEqual(idsInOrder(mails, value, 'asc'));
      const down = await list(`sort=-${column}`).expect(200);
      expect(ids(down.body), `-${column}`).toEqual(idsInOrder(mails, value, 'desc'));
    }
  });

  it('pages, searches recipients and subject, keeps the status filter, and refuses an unknown sort or a page over 100', async () => {
    const second = await list('sort=attempts&per_page=3&page=2').expect(200);
    expect(second.body.data).toMatchObject({ current_page: 2, last_page: 2, total: 4, from: 4, to: 4 });
    expect(ids(second.body)).toEqual([mails[1]!.id]);

    const awa = await list('search=AWA').expect(200);
    expect(ids(awa.body)).toEqual([mails[3]!.id, mails[0]!.id]);
    const words = await list(`search=${encodeURIComponent('chantier mise à jour')}`).expect(200);
    expect(ids(words.body)).toEqual([mails[2]!.id]);
    const failedAwa = await list('status=failed&search=awa').expect(200);
    expect(failedAwa.body.data.total).toBe(1);
    expect(ids(failedAwa.body)).toEqual([mails[3]!.id]);
    const nothing = await list('search=personne').expect(200);
    expect(nothing.body.data).toMatchObject({ data: [], total: 0, last_page: 1, from: null });

    const unknown = await list('sort=subject').expect(422);
    expect(unknown.body.errors.sort).toEqual([M.sortInvalid]);
    const tooMany = await list('per_page=101').expect(422);
    expect(tooMany.body.errors.per_page).toEqual([M.perPageInvalid]);
  });

  it('puts the failed mails of a selection back in the queue at once, refusing a sent or queued one with why', async () => {
    const [sent, failed, pending, invitation] = mails as [Mail, Mail, Mail, Mail];
    const before = Date.now();
    const answer = await bulk({
      action: 'retry',
      ids: [sent.id, failed.id, pending.id, invitation.id, 999_999],
    }).expect(200);
    expect(answer.body).toEqual({
      changed: 2,
      refused: [
        { id: sent.id, message: M.sent },
        { id: pending.id, message: M.queued },
        { id: 999_999, message: M.notFound },
      ],
      message: '2 éléments modifiés, 3 refusés.',
    });

    const rows = await api.db
      .knex('outbox')
      .orderBy('id')
      .select('id', 'status', 'next_attempt_at', 'sent_at');
    expect(rows.map((row) => row.status)).toEqual(['sent', 'pending', 'pending', 'pending']);
    // Due now, not at its old time.
    for (const row of [rows[1], rows[3]])
      expect(fromDbDateTime(row.next_attempt_at)!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(fromDbDateTime(rows[2].next_attempt_at)?.toISOString()).toBe('2026-03-02T10:45:00.000Z');

    const logged = await api.db
      .knex('activity_log')
      .orderBy('id')
      .select('action', 'entity', 'entity_id', 'label', 'changes', 'user_name');
    expect(logged).toEqual([
      {
        action: 'status',
        entity: 'mail',
        entity_id: String(failed.id),
        label: failed.subject,
        changes: JSON.stringify({ status: ['failed', 'pending'] }),
        user_name: 'Awa Admin',
      },
      {
        action: 'status',
        entity: 'mail',
        entity_id: String(invitation.id),
        label: invitation.subject,
        changes: JSON.stringify({ status: ['failed', 'pending'] }),
        user_name: 'Awa Admin',
      },
    ]);
  });

  it('retries the filtered list when it still holds the rows the staff saw, and changes nothing otherwise', async () => {
    const changed = await bulk({
      action: 'retry',
      filter: { status: 'failed', search: 'awa' },
      expected: 2,
    }).expect(409);
    expect(changed.body.message).toBe(
      'La liste a changé depuis votre sélection (1 ligne au lieu de 2). Vérifiez-la et recommencez : rien n’a été modifié.',
    );
    expect(await api.db.knex('outbox').where({ status: 'failed' }).count({ n: '*' }).first()).toMatchObject({
      n: 2,
    });

    const done = await bulk({ action: 'retry', filter: { status: 'failed' }, expected: 2 }).expect(200);
    expect(done.body).toEqual({ changed: 2, refused: [], message: '2 éléments modifiés.' });
    expect(await api.db.knex('outbox').where({ status: 'failed' }).count({ n: '*' }).first()).toMatchObject({
      n: 0,
    });

    const unknown = await bulk({ action: 'delete', ids: [mails[0]!.id] }).expect(422);
    expect(unknown.body.errors.action).toEqual([M.actionInvalid]);
  });
});
