import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, createDb } from '#server/db/knex';
import { fromDbDateTime } from '#server/db/dialect';
import { claimDueMails } from '#server/features/outbox/outbox.repository';
import { createOutboxSender, type OutboxSender } from '#server/features/outbox/outbox-sender';
import { createSmtpTransport } from '#server/features/outbox/smtp-transport';
import { messageIdHost, startOutboxSender } from '#server/features/outbox/start-sender';
import type { Knex } from 'knex';
import { formatFileSize } from '#shared/format';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { openSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox';
import { silentLogger } from '../helpers/test-config';
import { testEngines } from '../helpers/test-db';
import { CONTACT, SCRIPT, SUBMISSION, outboxRows, queueContact, queueSubmission } from './outbox-fixtures';
import { VALID_FIELDS, pdfBytes, submit } from './submission-fixtures';

/**
 * The outbox end to end on every engine (docs/decisions/0018-outbox-and-mail.md): mails
 * written in a transaction, delivered by the sender to a real SMTP server started here
 * (smtp-server), read back as a mail client would (mailparser). The SMTP server is stopped
 * and started again, senders are replaced (a restart) and doubled (two processes), and
 * the clock is the test's, so the retry schedule runs in milliseconds.
 */

const STAFF = ['bureau@edifier.test', 'chantier@edifier.test'];
const MINUTE = 60_000;
const T0 = new Date('2026-03-02T08:00:00Z');

async function until(check: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The Message-ID a row's mail carries: its id and when it was written, on the site's host. */
function expectedMessageId(row: { id: number; created_at: string | Date }): string {
  const stamp = (fromDbDateTime(row.created_at) ?? new Date(0)).toISOString().replace(/\D/g, '').slice(0, 14);
  return `<outbox-${row.id}.${stamp}@site.test>`;
}

describe.each(testEngines())('outbox on $name', (engine) => {
  let inbox: SmtpInbox;
  let api: ApiHarness;
  let clock: Date;
  const senders: OutboxSender[] = [];

  /** A sender as server/index.ts makes one, on the test's clock. */
  function sender(db: Knex = api.db.knex): OutboxSender {
    const made = createOutboxSender({
      db,
      logger: silentLogger(),
      transport: createSmtpTransport(api.env.config.mail.smtpUrl ?? ''),
      from: api.env.config.mail.from,
      messageIdHost: messageIdHost(api.env.config),
      jwtSecret: api.env.config.jwtSecret,
      now: () => clock,
    });
    senders.push(made);
    return made;
  }

  beforeAll(async () => {
    inbox = await openSmtpInbox({ user: 'site', password: 'mot de passe' });
    api = await openApiHarness(engine, {
      env: {
        SMTP_URL: inbox.urlWith('site', 'mot de passe'),
        STAFF_EMAILS: STAFF.join(', '),
        MAIL_FROM: 'EDIFIER BTP <noreply@edifier.test>',
        SUBMISSION_RATE_LIMIT: '1000',
      },
    });
  });
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((made) => made.stop()));
    inbox.answerDelayMs = 0;
    await inbox.start().catch(() => undefined);
    await api.db.knex('outbox').del();
    inbox.messages.length = 0;
    clock = T0;
  });
  afterAll(async () => {
    await inbox.stop();
    await api.cleanup();
  });
  clock = T0;

  it('delivers the staff notification and the client confirmation of a submission, the visitor’s HTML escaped', async () => {
    await queueSubmission(api.db.knex, api.env.config, clock);
    expect(await sender().runOnce()).toBe(2);

    expect(inbox.messages).toHaveLength(2);
    const staff = inbox.messages.find((m) => m.parsed.subject?.startsWith('Nouvelle demande'));
    const client = inbox.messages.find((m) => m.parsed.subject?.startsWith('Votre demande'));
    if (!staff || !client) throw new Error('mails manquants');

    expect(staff.parsed.subject).toBe('Nouvelle demande EDF-2026-00042 : Villa R+1 à Fidjrossè');
    expect(staff.envelope.to).toEqual(STAFF);
    expect(staff.parsed.from?.value).toEqual([{ name: 'EDIFIER BTP', address: 'noreply@edifier.test' }]);
    expect(staff.parsed.replyTo?.value[0]?.address).toBe(SUBMISSION.email);
    const staffHtml = String(staff.parsed.html);
    const staffText = staff.parsed.text ?? '';
    for (const part of [staffHtml, staffText]) {
      expect(part).toContain('EDF-2026-00042');
      expect(part).toContain('awa.houenou@example.bj');
      expect(part).toContain('+229 01 97 12 34 56');
      expect(part).toContain('Construction résidentielle');
      expect(part).toContain('25M - 50M FCFA');
      expect(part).toContain('Cotonou, Fidjrossè');
      expect(part).toContain('15/03/2027');
      expect(part).toContain('photo.jpg (850 o)');
      expect(part).toContain('http://site.test/admin/project-submissions?soumission=12');
    }
    expect(staffHtml).toContain('Plan façade.pdf (1,2 Mo)');
    // The visitor's markup is text in the HTML part, never markup.
    expect(staffHtml).not.toContain('<script');
    expect(staffHtml).toContain('&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;');
    expect(staffText).toContain(SCRIPT);
    // No remote image: the mail reads the same with images blocked.
    expect(staffHtml).not.toMatch(/<img|url\(/i);

    expect(client.parsed.subject).toBe('Votre demande EDF-2026-00042 a bien été reçue');
    expect(client.envelope.to).toEqual([SUBMISSION.email]);
    expect(client.parsed.replyTo?.value[0]?.address).toBe(api.env.config.site.email);
    for (const part of [String(client.parsed.html), client.parsed.text ?? '']) {
      expect(part).toContain('EDF-2026-00042');
      expect(part).toContain('48 heures');
      expect(part).toContain('https://wa.me/2290197123456');
      expect(part).toContain(api.env.config.site.email);
      for (const phone of api.env.config.site.phones) expect(part).toContain(phone);
    }
    expect(String(client.parsed.html)).not.toContain('<script');

    const rows = await outboxRows(api.db.knex);
    expect(rows.map((row) => [row.status, row.attempts, row.about_type])).toEqual([
      ['sent', 1, 'submission'],
      ['sent', 1, 'submission'],
    ]);
    expect(rows.every((row) => row.sent_at !== null && row.last_error === null)).toBe(true);
  });

  it('queues both mails with the submission a visitor posts, and delivers them with its reference', async () => {
    const fields = {
      ...VALID_FIELDS,
      lastName: 'Houénou <b>gras</b>',
      projectTitle: `Villa <script>x</script> ${'très grande '.repeat(10)}`.trim(),
      description: 'Confirmez votre compte sur https://evil.example/login avant demain.',
    };
    const plan = pdfBytes();
    const response = await submit(api.app, fields, [{ name: 'Plan façade.pdf', data: plan }]).expect(201);
    const reference = response.body.data.reference as string;
    expect(reference).toMatch(/^EDF-\d{4}-\d{5}$/);

    // Written with the submission, not sent by the request.
    const rows = await outboxRows(api.db.knex);
    expect(rows.map((row) => [row.status, row.about_type, row.about_id])).toEqual([
      ['pending', 'submission', response.body.data.id],
      ['pending', 'submission', response.body.data.id],
    ]);
    expect(inbox.messages).toHaveLength(0);

    clock = new Date(Date.now() + 1_000);
    expect(await sender().runOnce()).toBe(2);
    const staff = inbox.messages.find((m) => m.envelope.to.includes(STAFF[0] ?? ''));
    const client = inbox.messages.find((m) => m.envelope.to.includes(VALID_FIELDS.email ?? ''));
    expect(staff?.parsed.subject).toBe(`Nouvelle demande ${reference} : ${fields.projectTitle}`);
    expect(staff?.parsed.text).toContain('https://evil.example/login');
    expect(staff?.parsed.replyTo?.value[0]?.address).toBe(VALID_FIELDS.email);
    expect(String(staff?.parsed.html)).toContain('Houénou &lt;b&gt;gras&lt;/b&gt;');
    expect(String(staff?.parsed.html)).not.toMatch(/<script|<b>/);
    expect(staff?.parsed.text).toContain(`Plan façade.pdf (${formatFileSize(plan.length)})`);
    expect(staff?.parsed.text).toContain(
      `http://site.test/admin/project-submissions?soumission=${response.body.data.id}`,
    );
    expect(client?.parsed.subject).toBe(`Votre demande ${reference} a bien été reçue`);
    // The client's address was never verified: their mail quotes nothing they typed but the name.
    for (const part of [String(client?.parsed.html), client?.parsed.text ?? '']) {
      expect(part).toContain(reference);
      expect(part).toContain('Bonjour Awa,');
      for (const typed of ['evil.example', 'très grande', 'Villa', 'Plan façade', '15/03/2027', 'Fidjrossè'])
        expect(part).not.toContain(typed);
    }
    expect(client?.parsed.text).toContain('Nous avons reçu 1 pièce jointe.');
  });

  it('notifies a contact message, confirming to the sender only when an e-mail was given', async () => {
    await queueContact(api.db.knex, api.env.config, clock);
    await queueContact(api.db.knex, api.env.config, clock, {
      ...CONTACT,
      id: 4,
      reference: 'MSG-2026-00008',
      email: null,
    });
    expect(await sender().runOnce()).toBe(3);

    const subjects = inbox.messages.map((m) => m.parsed.subject).sort();
    expect(subjects).toEqual([
      'Nouveau message MSG-2026-00007 : Location d’un appartement meublé',
      'Nouveau message MSG-2026-00008 : Location d’un appartement meublé',
      'Votre message MSG-2026-00007 a bien été reçu',
    ]);
    const withEmail = inbox.messages.find((m) => m.parsed.subject?.includes('MSG-2026-00007 :'));
    const withoutEmail = inbox.messages.find((m) => m.parsed.subject?.includes('MSG-2026-00008'));
    expect(withEmail?.parsed.replyTo?.value[0]?.address).toBe('koffi@example.bj');
    expect(withEmail?.envelope.to).toEqual(STAFF);
    expect(withoutEmail?.parsed.replyTo).toBeUndefined();
    expect(withoutEmail?.parsed.text).toContain('Non communiqué');
    expect(String(withEmail?.parsed.html)).not.toContain('<script');
    expect(String(withEmail?.parsed.html)).toContain('je cherche un deux-pièces meublé');
  });

  it('writes no mail when the transaction that queued it rolls back', async () => {
    const failure = api.db.knex
      .transaction(async (trx) => {
        const { queueSubmissionMails } = await import('#server/features/mail/submission-mails');
        await queueSubmissionMails(trx, SUBMISSION, [], { config: api.env.config, now: clock });
        throw new Error('refusé après coup');
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(await failure).toBeInstanceOf(Error);
    expect(await outboxRows(api.db.knex)).toEqual([]);
  });

  it('keeps a mail while the SMTP server is down and delivers it once it is back, after a restart', async () => {
    await inbox.stop();
    await queueSubmission(api.db.knex, api.env.config, clock);
    const first = sender();
    expect(await first.runOnce()).toBe(0);

    let rows = await outboxRows(api.db.knex);
    expect(rows.map((row) => [row.status, row.attempts])).toEqual([
      ['pending', 1],
      ['pending', 1],
    ]);
    expect(String(rows[0]?.last_error)).toMatch(/ECONNREFUSED|connect/i);
    expect(fromDbDateTime(rows[0]?.next_attempt_at)).toEqual(new Date(T0.getTime() + MINUTE));

    // Not due yet: nothing is tried.
    clock = new Date(T0.getTime() + 30_000);
    expect(await first.runOnce()).toBe(0);
    expect((await outboxRows(api.db.knex)).map((row) => row.attempts)).toEqual([1, 1]);

    // The process stops; the SMTP server comes back; a new process starts on the same database.
    await first.stop();
    await inbox.start();
    clock = new Date(T0.getTime() + MINUTE + 1_000);
    const second = sender();
    expect(await second.runOnce()).toBe(2);
    expect(await second.runOnce()).toBe(0);

    expect(inbox.messages.map((m) => m.parsed.subject).sort()).toEqual([
      'Nouvelle demande EDF-2026-00042 : Villa R+1 à Fidjrossè',
      'Votre demande EDF-2026-00042 a bien été reçue',
    ]);
    rows = await outboxRows(api.db.knex);
    expect(rows.map((row) => [row.status, row.attempts, row.last_error])).toEqual([
      ['sent', 2, null],
      ['sent', 2, null],
    ]);
  });

  it('takes back a mail whose sender died while sending, once its lease ran out', async () => {
    await queueContact(api.db.knex, api.env.config, clock, { ...CONTACT, email: null });
    // A process claims the mail, then is killed before it could send or record anything.
    const lease = 10 * MINUTE;
    expect(await claimDueMails(api.db.knex, clock, lease, 10)).toHaveLength(1);

    const next = sender();
    clock = new Date(T0.getTime() + lease - 1_000);
    expect(await next.runOnce()).toBe(0);
    clock = new Date(T0.getTime() + lease + 1_000);
    expect(await next.runOnce()).toBe(1);
    expect(inbox.messages).toHaveLength(1);
    expect((await outboxRows(api.db.knex)).map((row) => [row.status, row.attempts])).toEqual([['sent', 2]]);
  });

  it('retries at about 1, 5, 15 and 60 minutes, then every 6 hours, and gives up 24 hours after the mail was written', async () => {
    await inbox.stop();
    await queueContact(api.db.knex, api.env.config, clock, { ...CONTACT, email: null });
    const worker = sender();
    const delays: number[] = [];
    let last = clock;
    for (let guard = 0; guard < 20; guard++) {
      await worker.runOnce();
      const [row] = await outboxRows(api.db.knex);
      if (row?.status === 'failed') break;
      const next = fromDbDateTime(row?.next_attempt_at) ?? clock;
      delays.push((next.getTime() - last.getTime()) / MINUTE);
      clock = next;
      last = next;
    }
    expect(delays).toEqual([1, 5, 15, 60, 360, 360, 360]);
    const [row] = await outboxRows(api.db.knex);
    expect(row?.status).toBe('failed');
    expect(row?.attempts).toBe(8);
    expect(String(row?.last_error)).toMatch(/ECONNREFUSED|connect/i);
    // The last attempt fell inside the 24 hours; the one after would not have.
    expect(clock.getTime() - T0.getTime()).toBeLessThanOrEqual(24 * 60 * MINUTE);
    expect(inbox.messages).toHaveLength(0);
  });

  it('never sends a mail twice when two processes run their senders at once on the same database', async () => {
    const many = 24;
    for (let i = 1; i <= many; i++) {
      await queueContact(api.db.knex, api.env.config, clock, {
        ...CONTACT,
        id: i,
        reference: `MSG-2026-${String(i).padStart(5, '0')}`,
        email: null,
      });
    }
    // A second process: its own connection pool on the same database.
    const otherPool = createDb(api.db.database);
    try {
      const results = await Promise.all([sender().runOnce(), sender(otherPool).runOnce()]);
      expect(results[0] + results[1]).toBe(many);
    } finally {
      await closeDb(otherPool);
    }
    const subjects = inbox.messages.map((m) => m.parsed.subject);
    expect(subjects).toHaveLength(many);
    expect(new Set(subjects).size).toBe(many);
    const rows = await outboxRows(api.db.knex);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  describe('shutdown', () => {
    /** Four mails due now: a submission's two and a contact message's two. */
    async function queueFour(): Promise<void> {
      await queueSubmission(api.db.knex, api.env.config, clock);
      await queueContact(api.db.knex, api.env.config, clock);
    }

    it('gives up a delivery the SMTP server holds past the grace and leaves every claimed mail unclaimed and due now', async () => {
      await queueFour();
      // The server reads the first mail and takes a minute to answer.
      inbox.answerDelayMs = MINUTE;
      const worker = sender();
      worker.start();
      await until(() => inbox.unanswered === 1, 'the first mail to reach the slow server');

      const stopping = Date.now();
      await worker.stop(500);
      // The grace, plus the writes that give the claims back (a margin for a busy machine):
      // not the minute the server would take, nor the lease's ten.
      expect(Date.now() - stopping).toBeLessThan(5_000);

      let rows = await outboxRows(api.db.knex);
      expect(rows.map((row) => [row.status, row.attempts, row.claimed_until, row.last_error])).toEqual([
        ['pending', 0, null, null],
        ['pending', 0, null, null],
        ['pending', 0, null, null],
        ['pending', 0, null, null],
      ]);
      for (const row of rows) expect(fromDbDateTime(row.next_attempt_at)).toEqual(T0);

      // The next start (or another instance) sends all four at once, not in ten minutes.
      inbox.answerDelayMs = 0;
      expect(await sender().runOnce()).toBe(4);
      rows = await outboxRows(api.db.knex);
      expect(rows.map((row) => [row.status, row.attempts])).toEqual([
        ['sent', 1],
        ['sent', 1],
        ['sent', 1],
        ['sent', 1],
      ]);

      // The mail the slow server had read arrived twice, both with the Message-ID of its row:
      // the one duplicate left, and a mail client or the staff can tell it is one.
      const received = inbox.messages.map((m) => m.parsed.messageId);
      expect(received).toHaveLength(5);
      expect(received.sort()).toEqual([rows[0]!, ...rows].map((row) => expectedMessageId(row)).sort());
    });

    it('lets the delivery in flight finish within the grace, and gives back the mails not started', async () => {
      await queueFour();
      inbox.answerDelayMs = 300;
      const worker = sender();
      worker.start();
      await until(() => inbox.unanswered === 1, 'the first mail to reach the slow server');
      await worker.stop(10_000);

      const rows = await outboxRows(api.db.knex);
      expect(rows.map((row) => [row.status, row.attempts, row.claimed_until])).toEqual([
        ['sent', 1, null],
        ['pending', 0, null],
        ['pending', 0, null],
        ['pending', 0, null],
      ]);
      for (const row of rows.slice(1)) expect(fromDbDateTime(row.next_attempt_at)).toEqual(T0);
      expect(inbox.messages.map((m) => m.parsed.messageId)).toEqual([expectedMessageId(rows[0]!)]);

      // A stopped sender claims nothing more, even when asked to.
      expect(await worker.runOnce()).toBe(0);
      expect((await outboxRows(api.db.knex)).filter((row) => row.status === 'sending')).toEqual([]);
    });

    it('sends a mail retried after a failure with the same Message-ID, one per row', async () => {
      await queueContact(api.db.knex, api.env.config, clock);
      // The server takes both mails but refuses to answer in time: both are tried again.
      inbox.answerDelayMs = MINUTE;
      const first = sender();
      first.start();
      await until(() => inbox.unanswered === 1, 'the first mail to reach the slow server');
      await first.stop(100);
      inbox.answerDelayMs = 0;
      clock = new Date(T0.getTime() + MINUTE);
      expect(await sender().runOnce()).toBe(2);

      const rows = await outboxRows(api.db.knex);
      const ids = inbox.messages.map((m) => m.parsed.messageId);
      expect(ids).toEqual([
        expectedMessageId(rows[0]!),
        expectedMessageId(rows[0]!),
        expectedMessageId(rows[1]!),
      ]);
      expect(new Set(ids).size).toBe(2);
    });
  });

  describe('back office', () => {
    const auth = () => ({ Authorization: `Bearer ${api.adminToken}` });

    it('lists the mails, newest first, paged and filtered by status, with their French state', async () => {
      await queueSubmission(api.db.knex, api.env.config, clock);
      await queueContact(api.db.knex, api.env.config, clock, { ...CONTACT, email: null });
      await api.db.knex('outbox').where('subject', 'like', 'Votre demande%').update({
        status: 'failed',
        attempts: 8,
        last_error: 'Connection refused',
      });

      const all = await request(api.app).get('/api/admin/outbox').set(auth()).expect(200);
      expect(all.headers['cache-control']).toBe('no-store');
      expect(all.body.smtp_configured).toBe(true);
      expect(all.body.data).toMatchObject({
        current_page: 1,
        last_page: 1,
        per_page: 20,
        total: 3,
        from: 1,
        to: 3,
      });
      expect(all.body.data.data.map((m: { subject: string }) => m.subject)).toEqual([
        'Nouveau message MSG-2026-00007 : Location d’un appartement meublé',
        'Votre demande EDF-2026-00042 a bien été reçue',
        'Nouvelle demande EDF-2026-00042 : Villa R+1 à Fidjrossè',
      ]);
      const staff = all.body.data.data[2];
      expect(staff).toMatchObject({
        recipients: STAFF,
        reply_to: SUBMISSION.email,
        status: 'pending',
        state: 'pending',
        state_label: 'en attente',
        attempts: 0,
        about_type: 'submission',
        about_id: 12,
      });
      expect(staff.html).toContain('EDF-2026-00042');

      const failed = await request(api.app)
        .get('/api/admin/outbox?status=failed&per_page=1')
        .set(auth())
        .expect(200);
      expect(failed.body.data.total).toBe(1);
      expect(failed.body.data.data[0]).toMatchObject({
        state: 'failed',
        state_label: 'échec',
        last_error: 'Connection refused',
      });

      const paged = await request(api.app).get('/api/admin/outbox?per_page=2&page=2').set(auth()).expect(200);
      expect(paged.body.data).toMatchObject({ current_page: 2, last_page: 2, total: 3, from: 3, to: 3 });

      const refused = await request(api.app).get('/api/admin/outbox?per_page=101').set(auth()).expect(422);
      expect(refused.body.errors.per_page).toEqual([
        'Le nombre de courriels par page doit être compris entre 1 et 100.',
      ]);
      await request(api.app).get('/api/admin/outbox?status=lost').set(auth()).expect(422);
    });

    it('sends a failed mail again after "Renvoyer", and refuses it for a mail that has not failed', async () => {
      await queueContact(api.db.knex, api.env.config, clock, { ...CONTACT, email: null });
      const [row] = await outboxRows(api.db.knex);
      const id = row?.id as number;

      const notFailed = await request(api.app).post(`/api/admin/outbox/${id}/retry`).set(auth()).expect(409);
      expect(notFailed.body.message).toBe('Seul un courriel en échec peut être renvoyé.');
      await request(api.app).post('/api/admin/outbox/999999/retry').set(auth()).expect(404);

      await api.db
        .knex('outbox')
        .where({ id })
        .update({ status: 'failed', attempts: 8, last_error: 'refusé' });
      const retried = await request(api.app).post(`/api/admin/outbox/${id}/retry`).set(auth()).expect(200);
      expect(retried.body.message).toBe('Le courriel sera renvoyé dans quelques instants.');
      expect(retried.body.data).toMatchObject({ id, status: 'pending', state_label: 'en attente' });

      // Due now, whatever the clock of the sender says.
      clock = new Date();
      expect(await sender().runOnce()).toBe(1);
      expect(inbox.messages.map((m) => m.parsed.subject)).toEqual([
        'Nouveau message MSG-2026-00007 : Location d’un appartement meublé',
      ]);
    });

    it('answers 401 without a token and 403 to an editor', async () => {
      await request(api.app).get('/api/admin/outbox').expect(401);
      await request(api.app).post('/api/admin/outbox/1/retry').expect(401);
      await request(api.app).get('/api/diagnostic/smtp').expect(401);
      const editor = { Authorization: `Bearer ${api.editorToken}` };
      await request(api.app).get('/api/admin/outbox').set(editor).expect(403);
      await request(api.app).post('/api/admin/outbox/1/retry').set(editor).expect(403);
    });

    it('checks the SMTP server in the diagnostic without sending anything or showing the password', async () => {
      const before = inbox.connections;
      const ok = await request(api.app).get('/api/diagnostic/smtp').set(auth()).expect(200);
      expect(ok.body).toMatchObject({ status: 'success', endpoint: `smtp://127.0.0.1:${inbox.port}` });
      expect(JSON.stringify(ok.body)).not.toContain('mot de passe');
      expect(JSON.stringify(ok.body)).not.toContain('mot%20de%20passe');
      expect(inbox.connections).toBe(before + 1);
      expect(inbox.messages).toHaveLength(0);

      await inbox.stop();
      const down = await request(api.app).get('/api/diagnostic/smtp').set(auth()).expect(200);
      expect(down.body.status).toBe('error');
      expect(down.body.message).toMatch(/^Connexion au serveur SMTP impossible/);
    });
  });
});

describe.each(testEngines())('outbox without SMTP_URL on $name', (engine) => {
  let api: ApiHarness;
  beforeAll(async () => {
    api = await openApiHarness(engine);
  });
  afterAll(() => api.cleanup());

  it('keeps the mails pending, shown as not sent for want of SMTP, and the diagnostic says so', async () => {
    expect(api.env.config.mail).toEqual({
      smtpUrl: null,
      from: { name: 'EDIFIER BTP & Immobilier', address: 'contact@edifier-btp.bj' },
      staff: ['contact@edifier-btp.bj'],
    });
    await queueSubmission(api.db.knex, api.env.config, new Date());
    const sender = startOutboxSender({ config: api.env.config, db: api.db.knex, logger: silentLogger() });
    try {
      expect(await sender.runOnce()).toBe(0);
    } finally {
      await sender.stop();
    }

    const answer = await request(api.app)
      .get('/api/admin/outbox')
      .set({ Authorization: `Bearer ${api.adminToken}` })
      .expect(200);
    expect(answer.body.smtp_configured).toBe(false);
    expect(
      answer.body.data.data.map(
        (m: { status: string; state: string; state_label: string; attempts: number }) => [
          m.status,
          m.state,
          m.state_label,
          m.attempts,
        ],
      ),
    ).toEqual([
      ['pending', 'unconfigured', 'non envoyé (SMTP non configuré)', 0],
      ['pending', 'unconfigured', 'non envoyé (SMTP non configuré)', 0],
    ]);
    const rows = await outboxRows(api.db.knex);
    expect(rows.every((row) => row.sent_at === null && row.last_error === null)).toBe(true);

    const diagnostic = await request(api.app)
      .get('/api/diagnostic/smtp')
      .set({ Authorization: `Bearer ${api.adminToken}` })
      .expect(200);
    expect(diagnostic.body).toMatchObject({ status: 'unconfigured', endpoint: null });
    expect(diagnostic.body.message).toMatch(/^Non configuré/);
  });
});
