import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Knex } from 'knex';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '#server/backup/create-backup';
import { migrateLatest, migrateUpTo } from '#server/db/migrate';
import { dataTables } from '#server/backup/table-rows';
import { deliverOutbox } from '../helpers/outbox-delivery';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { openSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox';
import { testEngines, type TestDb } from '../helpers/test-db';
import { VALID_FIELDS, submit } from './submission-fixtures';

/**
 * No stored mail holds a working tracking link (docs/product-rules.md, "Tracking link";
 * docs/decisions/0031-no-secret-in-stored-mail.md): requests submitted, links sent again
 * and regenerated through the app, then every row of every table and a real backup archive
 * are searched for every token ever issued, while the mails the sender delivers carry the
 * working link.
 */

const TOKEN_URL = /^http:\/\/site\.test\/suivi\/([A-Za-z0-9_-]{32})$/;
/** Any tracking link at all, whatever its token. */
const ANY_LINK = /\/suivi\/[A-Za-z0-9_-]{32}(?![A-Za-z0-9_-])/;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const MASKED = '[lien de suivi masqué]';

async function everyRow(knex: Knex): Promise<string> {
  const dump: string[] = [];
  for (const table of await dataTables(knex))
    dump.push(`${table}\n${JSON.stringify(await knex(table).select('*'))}`);
  return dump.join('\n');
}

describe.each(testEngines())('tracking links kept out of stored mails on $name', (engine) => {
  let api: ApiHarness;
  let inbox: SmtpInbox;
  let outDir: string;
  const bearer = () => ({ Authorization: `Bearer ${api.adminToken}` });
  const tokenOf = (url: string) => TOKEN_URL.exec(url)?.[1] ?? '';

  async function deliver(jwtSecret = api.env.config.jwtSecret): Promise<number> {
    return deliverOutbox(api, { jwtSecret });
  }
  async function submitted(email: string) {
    const response = await submit(api.app, { ...VALID_FIELDS, email }).expect(201);
    return {
      id: response.body.data.id as number,
      reference: response.body.reference as string,
      url: response.body.tracking_url as string,
    };
  }
  const currentHash = async (id: number) =>
    (await api.db.knex('project_submissions').where({ id }).first('tracking_token_hash'))
      .tracking_token_hash as string;
  // A link asked again waits beside the held one until it is opened (product rules, Tracking link).
  const pendingHash = async (id: number) =>
    (await api.db.knex('project_submissions').where({ id }).first('tracking_token_pending_hash'))
      .tracking_token_pending_hash as string;

  beforeAll(async () => {
    inbox = await openSmtpInbox();
    api = await openApiHarness(engine, {
      env: { SMTP_URL: inbox.url, SUBMISSION_RATE_LIMIT: '1000', TRACKING_RESEND_LIMIT: '1000' },
    });
    outDir = mkdtempSync(path.join(tmpdir(), 'edifier-secrets-'));
  });
  afterAll(async () => {
    await inbox?.stop();
    await api?.cleanup();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });

  it('stores no link in the database nor in a backup, and delivers the working link', async () => {
    const first = await submitted('premier@example.bj');
    const second = await submitted('second@example.bj');
    const third = await submitted('troisieme@example.bj');
    // The client asks for their link again: the new one exists only in the mail.
    await request(api.app)
      .post('/api/tracking-links/resend')
      .send({ reference: first.reference, email: 'premier@example.bj' })
      .expect(202);
    // The staff e-mail a new link, and make another one to copy.
    const mailed = await request(api.app)
      .post(`/api/admin/project-submissions/${second.id}/tracking-link`)
      .set(bearer())
      .send({ channel: 'email' })
      .expect(201);
    const shown = await request(api.app)
      .post(`/api/admin/project-submissions/${third.id}/tracking-link`)
      .set(bearer())
      .send({})
      .expect(201);
    const issued = [first.url, second.url, third.url, mailed.body.tracking_url, shown.body.tracking_url];
    for (const url of issued) expect(url).toMatch(TOKEN_URL);

    // A development secret kept in the storage folder (server/config.ts) must not travel either.
    writeFileSync(path.join(api.env.storageDir, '.jwt-secret'), api.env.config.jwtSecret);
    const stored = await everyRow(api.db.knex);
    const { file } = await createBackup({ config: api.env.config, appVersion: 'test', outDir, keep: 0 });
    const archive = gunzipSync(readFileSync(file)).toString('latin1');
    expect(stored).toContain('outbox');
    expect(archive).toContain('outbox.jsonl');

    // Delivered: the mails the clients receive, each with its link.
    expect(await deliver()).toBe(8);
    const to = (address: string, subject: string) =>
      inbox.messages.find((m) => m.envelope.to.includes(address) && m.parsed.subject?.startsWith(subject));
    const resent = to('premier@example.bj', 'Votre lien de suivi');
    const resentUrl =
      /http:\/\/site\.test\/suivi\/[A-Za-z0-9_-]{32}/.exec(resent?.parsed.text ?? '')?.[0] ?? '';
    expect(sha256(tokenOf(resentUrl))).toBe(await pendingHash(first.id));
    expect(String(resent?.parsed.html)).toContain(`href="${resentUrl}"`);
    issued.push(resentUrl);
    const mailedMail = to('second@example.bj', 'Votre lien de suivi');
    expect(mailedMail?.parsed.text).toContain(mailed.body.tracking_url);
    expect(String(mailedMail?.parsed.html)).toContain(`href="${mailed.body.tracking_url}"`);
    expect(sha256(tokenOf(mailed.body.tracking_url))).toBe(await currentHash(second.id));
    for (const [address, url] of [
      ['premier@example.bj', first.url],
      ['second@example.bj', second.url],
      ['troisieme@example.bj', third.url],
    ] as const) {
      const confirmation = to(address, 'Votre demande');
      expect(confirmation?.parsed.text).toContain(url);
      expect(String(confirmation?.parsed.html)).toContain(`href="${url}"`);
      expect(confirmation?.parsed.text).not.toContain('{{');
    }
    expect(sha256(tokenOf(shown.body.tracking_url))).toBe(await currentHash(third.id));

    // Nothing stored before delivery held a link: no token, no URL, nothing shaped like one.
    for (const url of issued) {
      expect(stored).not.toContain(tokenOf(url));
      expect(stored).not.toContain(url);
      expect(archive).not.toContain(tokenOf(url));
    }
    expect(stored).not.toMatch(ANY_LINK);
    expect(archive).not.toMatch(ANY_LINK);
    expect(archive).not.toContain(api.env.config.jwtSecret);

    // Sent: the sealed link is gone from the row, and still no link is stored.
    const rows = await api.db.knex('outbox').select('status', 'secret');
    expect(rows.every((row) => row.status === 'sent' && row.secret === null)).toBe(true);
    const after = await everyRow(api.db.knex);
    for (const url of issued) expect(after).not.toContain(tokenOf(url));
    expect(after).not.toMatch(ANY_LINK);

    // The back office's preview shows the link masked.
    const listed = await request(api.app).get('/api/admin/outbox?per_page=100').set(bearer()).expect(200);
    const previews = (listed.body.data.data as Array<{ subject: string; html: string }>).filter((mail) =>
      mail.subject.startsWith('Votre'),
    );
    expect(previews).toHaveLength(5);
    for (const mail of previews) {
      expect(mail.html).toContain(MASKED);
      expect(mail.html).not.toContain('{{');
      expect(mail.html).not.toMatch(ANY_LINK);
    }
  });

  it('fails a mail whose link cannot be read any more, instead of sending it broken', async () => {
    await api.db.knex('outbox').del();
    inbox.messages.length = 0;
    const { reference } = await submitted('quatrieme@example.bj');
    // The server's secret changed since the mail was written.
    await deliver('un-tout-autre-secret-bien-assez-long-1234567890');
    const confirmation = await api.db
      .knex('outbox')
      .where('subject', `Votre demande ${reference} a bien été reçue`)
      .first('status', 'last_error', 'attempts');
    expect(confirmation.status).toBe('failed');
    expect(confirmation.last_error).toBe(
      'Lien de suivi illisible : le secret du serveur (JWT_SECRET) a changé depuis l’écriture de ce courriel. Générez un nouveau lien de suivi pour ce client dans le back-office.',
    );
    // The staff's notification holds no link: it went out.
    expect(inbox.messages.map((m) => m.parsed.subject)).toEqual([
      `Nouvelle demande ${reference} : ${VALID_FIELDS.projectTitle}`,
    ]);
  });
});

describe.each(testEngines())('the outbox secrets migration on $name', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await engine.open();
  });
  afterAll(() => db?.cleanup());

  it('takes the links out of the mails already written, and fails those not sent yet, saying why', async () => {
    await migrateUpTo(db.knex, '015-products-newest-first');
    const link = `https://www.edifier-btp.bj/suivi/${'a1B2_-'.repeat(5)}zz`;
    const mail = (status: string, subject: string) => ({
      recipients: 'awa@example.bj',
      subject,
      html: `<p><a href="${link}">Suivre ma demande</a></p><p>${link}</p><p>https://www.edifier-btp.bj/suivi</p>`,
      text: `Suivre ma demande : ${link}\n\n${link}`,
      status,
      attempts: status === 'sent' ? 1 : 0,
      next_attempt_at: '2026-03-02 08:00:00',
      sent_at: status === 'sent' ? '2026-03-02 08:00:05' : null,
      created_at: '2026-03-02 08:00:00',
      updated_at: '2026-03-02 08:00:00',
    });
    await db
      .knex('outbox')
      .insert([
        mail('sent', 'envoyé'),
        mail('pending', 'en attente'),
        { ...mail('sent', 'sans lien'), html: '<p>Bonjour</p>', text: 'Bonjour' },
      ]);
    await migrateLatest(db.knex);

    const rows = await db
      .knex('outbox')
      .orderBy('id')
      .select('subject', 'html', 'text', 'status', 'last_error', 'secret');
    expect(JSON.stringify(rows)).not.toContain(link);
    expect(rows.map((row) => [row.subject, row.status, row.secret === null])).toEqual([
      ['envoyé', 'sent', true],
      ['en attente', 'failed', false],
      ['sans lien', 'sent', true],
    ]);
    expect(rows[0].html).toBe(
      '<p><a href="{{lien-de-suivi}}">Suivre ma demande</a></p><p>{{lien-de-suivi}}</p><p>https://www.edifier-btp.bj/suivi</p>',
    );
    expect(rows[0].text).toBe('Suivre ma demande : {{lien-de-suivi}}\n\n{{lien-de-suivi}}');
    expect(rows[1].last_error).toContain('Générez un nouveau lien de suivi');
    expect(rows[2].html).toBe('<p>Bonjour</p>');
  });
});
