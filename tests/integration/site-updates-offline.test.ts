import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { siteUpdateMessages } from '#shared/schemas/site-update';
import { createOutboxSender } from '#server/features/outbox/outbox-sender';
import { createSmtpTransport } from '#server/features/outbox/smtp-transport';
import { storageFor } from '#server/storage/storage-for';
import { aSubmission } from '../helpers/builders';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { jpeg } from '../helpers/images';
import { openSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox';
import { silentLogger } from '../helpers/test-config';
import { testEngines } from '../helpers/test-db';

/**
 * Site updates sent from a phone's queue (docs/decisions/0046-site-updates-offline.md) on
 * every engine: the same client_id sent twice, one after the other or at once, is one
 * update, one mail and the same answer; and the client's mail, received by a real SMTP
 * server, shows the update's first photo inline (a Content-ID the html names), or goes
 * without it when the photo is gone by send time.
 */

const FIELDS = {
  date: '2026-11-26',
  phase: 'toiture',
  progress: '70',
  text: 'La charpente est posée, la couverture commence demain matin.',
};

describe.each(testEngines())('site updates sent again on $name', (engine) => {
  let api: ApiHarness;
  let inbox: SmtpInbox;

  beforeAll(async () => {
    inbox = await openSmtpInbox();
    api = await openApiHarness(engine, { env: { SMTP_URL: inbox.url } });
  });
  afterEach(() => {
    inbox.messages.length = 0;
  });
  afterAll(async () => {
    await inbox.stop();
    await api.cleanup();
  });

  function post(submissionId: number, fields: Record<string, string>, photos: Buffer[] = []) {
    const call = request(api.app)
      .post(`/api/admin/project-submissions/${submissionId}/updates`)
      .set({ Authorization: `Bearer ${api.adminToken}` });
    for (const [name, value] of Object.entries(fields)) call.field(name, value);
    photos.forEach((data, i) => call.attach('photos[]', data, `photo-${i}.jpg`));
    return call;
  }

  async function deliver(): Promise<void> {
    const sender = createOutboxSender({
      db: api.db.knex,
      logger: silentLogger(),
      transport: createSmtpTransport(inbox.url),
      from: api.env.config.mail.from,
      jwtSecret: api.env.config.jwtSecret,
      files: storageFor(api.env.config).files,
    });
    try {
      await sender.runOnce();
    } finally {
      await sender.stop();
    }
  }

  const rowsOf = (submissionId: number) =>
    api.db.knex('site_updates').where({ submission_id: submissionId }).select('id', 'client_id');
  const photosOf = (updateId: number) => api.db.knex('site_update_photos').where({ update_id: updateId });
  const mailsTo = (email: string) => api.db.knex('outbox').where('recipients', email).select('id', 'html');

  it('answers a replay of the same client_id with the stored update, writing nothing more', async () => {
    const submission = await aSubmission(api.db, { status: 'approved' });
    const clientId = randomUUID();
    const fields = { ...FIELDS, published: '1', client_id: clientId };
    const first = await post(submission.id, fields, [await jpeg({ width: 900, height: 600 })]).expect(201);
    const again = await post(submission.id, fields, [await jpeg({ width: 900, height: 600 })]).expect(201);

    expect(again.body).toEqual(first.body);
    expect(await rowsOf(submission.id)).toEqual([{ id: first.body.data.id, client_id: clientId }]);
    expect(await photosOf(first.body.data.id)).toHaveLength(1);
    expect(await mailsTo(submission.email)).toHaveLength(1);
  });

  it('writes one update when two sends of the same client_id race', async () => {
    const submission = await aSubmission(api.db, { status: 'approved' });
    const fields = { ...FIELDS, published: '1', client_id: randomUUID() };
    const photo = await jpeg({ width: 900, height: 600 });
    const answers = await Promise.all([
      post(submission.id, fields, [photo]),
      post(submission.id, fields, [photo]),
    ]);

    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers[1]!.body.data.id).toBe(answers[0]!.body.data.id);
    expect(await rowsOf(submission.id)).toHaveLength(1);
    expect(await photosOf(answers[0]!.body.data.id)).toHaveLength(1);
    expect(await mailsTo(submission.email)).toHaveLength(1);
  });

  it('keeps updates without a client_id apart, and refuses a malformed one or another request’s', async () => {
    const submission = await aSubmission(api.db, { status: 'approved' });
    await post(submission.id, { ...FIELDS, published: '0' }).expect(201);
    await post(submission.id, { ...FIELDS, published: '0' }).expect(201);
    expect(await rowsOf(submission.id)).toHaveLength(2);

    const bad = await post(submission.id, { ...FIELDS, client_id: 'pas-un-uuid' }).expect(422);
    expect(bad.body.errors.client_id).toEqual([siteUpdateMessages.clientIdInvalid]);

    const clientId = randomUUID();
    await post(submission.id, { ...FIELDS, client_id: clientId }).expect(201);
    const other = await aSubmission(api.db, { status: 'approved' });
    const taken = await post(other.id, { ...FIELDS, client_id: clientId }).expect(409);
    expect(taken.body.message).toBe(siteUpdateMessages.clientIdTaken);
    expect(await rowsOf(other.id)).toHaveLength(0);
  });

  it('mails the client the first photo inline, a Content-ID named by the html', async () => {
    const submission = await aSubmission(api.db, { status: 'approved', first_name: 'Koffi' });
    await post(submission.id, { ...FIELDS, published: '1' }, [
      await jpeg({ width: 1600, height: 1200 }),
      await jpeg({ width: 800, height: 800 }),
    ]).expect(201);
    const [mail] = await mailsTo(submission.email);
    expect(await api.db.knex('outbox_attachments').where({ outbox_id: mail!.id })).toEqual([
      expect.objectContaining({
        cid: 'photo-chantier',
        content_type: 'image/webp',
        storage_key: expect.stringMatching(
          new RegExp(`^private/sites/${submission.id}/[a-z0-9]{16}-320\\.webp$`),
        ),
      }),
    ]);

    await deliver();
    const received = inbox.messages.find((one) => one.envelope.to.includes(submission.email));
    if (!received) throw new Error('le courriel du client n’est pas arrivé');
    const images = received.parsed.attachments.filter((part) => part.contentType === 'image/webp');
    expect(images).toHaveLength(1);
    expect(images[0]!.contentId).toBe('<photo-chantier>');
    // The photo's small variant itself, as stored (re-encoded, without metadata).
    const [attachment] = await api.db.knex('outbox_attachments').where({ outbox_id: mail!.id });
    const stored = await storageFor(api.env.config).files.read(attachment.storage_key);
    expect(stored?.length).toBeGreaterThan(0);
    expect(images[0]!.content.equals(stored!)).toBe(true);
    // mailparser puts a part named by a `cid:` of the html in its place: the html named it.
    expect(images[0]!.related).toBe(true);
    expect(received.parsed.html).toContain(`src="data:image/webp;base64,${stored!.toString('base64')}"`);
    expect(received.parsed.html).toContain('width="320" height="240"');
  });

  it('sends the mail without the photo when its file is gone by send time', async () => {
    const submission = await aSubmission(api.db, { status: 'approved' });
    await post(submission.id, { ...FIELDS, published: '1' }, [
      await jpeg({ width: 900, height: 600 }),
    ]).expect(201);
    const [mail] = await mailsTo(submission.email);
    const [attachment] = await api.db.knex('outbox_attachments').where({ outbox_id: mail!.id });
    await storageFor(api.env.config).files.remove([attachment.storage_key]);

    await deliver();
    const received = inbox.messages.find((one) => one.envelope.to.includes(submission.email));
    if (!received) throw new Error('le courriel du client n’est pas arrivé');
    expect(received.parsed.attachments).toHaveLength(0);
    expect(received.parsed.html).not.toContain('cid:');
    expect(received.parsed.html).not.toContain('<img');
    expect(received.parsed.text).toContain('La charpente est posée');
    expect((await api.db.knex('outbox').where({ id: mail!.id }).first()).status).toBe('sent');
  });
});
