import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { siteUpdateMessages } from '#shared/schemas/site-update';
import { imageMessages } from '#shared/schemas/images';
import { createBackup } from '#server/backup/create-backup';
import { createOutboxSender } from '#server/features/outbox/outbox-sender';
import { createSmtpTransport } from '#server/features/outbox/smtp-transport';
import { publishedSiteUpdates } from '#server/features/site-updates/published-updates';
import { issueTrackingToken, trackingService } from '#server/features/tracking';
import { aSubmission } from '../helpers/builders';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { jpeg } from '../helpers/images';
import { openSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox';
import { silentLogger } from '../helpers/test-config';
import { testEngines } from '../helpers/test-db';
import { binary, filesUnder } from './submission-fixtures';

/**
 * Site updates on every engine (docs/product-rules.md, "Site updates"): the back office's
 * API (drafts, publication, edits, deletion, refusals), the client's mail received by a
 * real SMTP server, the reader of the tracking page, and the photos' private route: what
 * a token opens, what it never opens, and that no location survives in the served bytes.
 */

const VARIANT = /^[a-z0-9]{16}-(320|640|960|1280)\.webp$/;

/** A site photo as a phone takes it: EXIF with the GPS position of the client's land. */
function photoWithGps(width = 1600, height = 1200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 150, g: 110, b: 70 } } })
    .jpeg()
    .withExif({
      IFD0: { Copyright: 'Chantier Fidjrossè', Make: 'Téléphone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '6/1 21/1 30/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '2/1 25/1 10/1',
      },
    })
    .toBuffer();
}

const FIELDS = {
  date: '2026-11-20',
  phase: 'elevation',
  progress: '45',
  text: 'Les murs du rez-de-chaussée sont montés, le chaînage est coulé.',
};

describe.each(testEngines())('site updates on $name', (engine) => {
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

  const auth = () => ({ Authorization: `Bearer ${api.adminToken}` });

  function post(
    submissionId: number,
    fields: Record<string, string | string[]>,
    photos: Buffer[] = [],
    updateId?: number,
  ) {
    const url = `/api/admin/project-submissions/${submissionId}/updates${updateId ? `/${updateId}` : ''}`;
    const call = request(api.app).post(url).set(auth());
    if (updateId) call.field('_method', 'PUT');
    for (const [name, value] of Object.entries(fields)) {
      for (const one of Array.isArray(value) ? value : [value]) call.field(name, one);
    }
    photos.forEach((data, i) => call.attach('photos[]', data, `photo-${i}.jpg`));
    return call;
  }

  function photo(token: string, file: string) {
    return request(api.app).get(`/suivi/${token}/photos/${file}`).buffer(true).parse(binary);
  }

  async function approvedSite() {
    const submission = await aSubmission(api.db, { status: 'approved', reference: null, first_name: 'Awa' });
    const token = await issueTrackingToken(api.db.knex, submission.id);
    return { submission, token };
  }

  async function deliver(): Promise<void> {
    const sender = createOutboxSender({
      db: api.db.knex,
      logger: silentLogger(),
      transport: createSmtpTransport(inbox.url),
      from: api.env.config.mail.from,
      jwtSecret: api.env.config.jwtSecret,
    });
    try {
      await sender.runOnce();
    } finally {
      await sender.stop();
    }
  }

  const outboxFor = (email: string) => api.db.knex('outbox').where('recipients', email).select('subject');

  it('keeps a draft out of the tracking page, its photos unserved, and mails nobody', async () => {
    const { submission, token } = await approvedSite();
    const res = await post(submission.id, { ...FIELDS, published: '0' }, [await photoWithGps()]).expect(201);
    expect(res.body.data).toMatchObject({
      phase: 'elevation',
      phase_label: 'Élévation des murs',
      progress: 45,
      published: false,
    });
    expect(res.body.data.photos).toHaveLength(1);

    expect(await publishedSiteUpdates(api.db.knex, submission.id)).toEqual({ current: null, updates: [] });
    const name = res.body.data.photos[0].name as string;
    await photo(token, `${name}-640.webp`).expect(404);
    expect(await outboxFor(submission.email)).toEqual([]);
    // The administrator sees it, photo preview included.
    const list = await request(api.app)
      .get(`/api/admin/project-submissions/${submission.id}/updates`)
      .set(auth())
      .expect(200);
    expect(list.body.data.map((u: { id: number }) => u.id)).toEqual([res.body.data.id]);
    await request(api.app).get(`/api${res.body.data.photos[0].thumbnail}`).set(auth()).expect(200);
    await request(api.app).get(`/api${res.body.data.photos[0].thumbnail}`).expect(401);
  });

  it('publishes on a later edit: one mail to the client, received, without any link', async () => {
    const { submission, token } = await approvedSite();
    const draft = await post(submission.id, { ...FIELDS, published: '0' }, [await photoWithGps()]).expect(
      201,
    );
    const updateId = draft.body.data.id as number;
    await post(submission.id, { ...FIELDS, progress: '50', published: '1' }, [], updateId).expect(200);
    // Saved again while published: no second mail.
    await post(submission.id, { ...FIELDS, progress: '55', published: '1' }, [], updateId).expect(200);
    expect(await outboxFor(submission.email)).toHaveLength(1);

    await deliver();
    expect(inbox.messages).toHaveLength(1);
    const mail = inbox.messages[0]!;
    expect(mail.envelope.to).toEqual([submission.email]);
    expect(mail.parsed.subject).toBe(
      `Votre chantier ${submission.project_title} : une nouvelle mise à jour est en ligne`,
    );
    expect(mail.parsed.text).toContain('Phase : Élévation des murs');
    expect(mail.parsed.text).toContain('Avancement : 50 %');
    expect(mail.parsed.text).toContain('ouvrez le lien de suivi personnel');
    expect(mail.parsed.text).not.toContain('/suivi/');
    expect(mail.parsed.html).not.toContain(token);

    const view = await publishedSiteUpdates(api.db.knex, submission.id);
    expect(view.current).toEqual({ phase: 'elevation', phase_label: 'Élévation des murs', progress: 55 });
    const served = view.updates[0]!.photos[0]!;
    expect(served.src).toMatch(/^photos\/[a-z0-9]{16}-640\.webp$/);
    await photo(token, served.src.replace('photos/', '')).expect(200);
  });

  it('publishes on creation, newest first, and serves its photos with no EXIF nor GPS', async () => {
    const { submission, token } = await approvedSite();
    const input = await photoWithGps();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    await post(submission.id, {
      ...FIELDS,
      date: '2026-10-01',
      phase: 'terrassement',
      progress: '20',
      published: '1',
    }).expect(201);
    const created = await post(submission.id, { ...FIELDS, published: 'on' }, [input, await jpeg()]).expect(
      201,
    );
    expect(created.body.data.published).toBe(true);
    expect(await outboxFor(submission.email)).toHaveLength(2);

    const view = await publishedSiteUpdates(api.db.knex, submission.id);
    expect(view.updates.map((u) => u.date)).toEqual(['2026-11-20', '2026-10-01']);
    expect(view.current).toMatchObject({ phase: 'elevation', progress: 45 });
    const [first, second] = view.updates[0]!.photos;
    // 1600 x 1200 is stored at most 1280 wide: the page gets 320 and 640, a tap opens 1280.
    expect(first).toMatchObject({ width: 640, height: 480 });
    expect(first!.srcset).toMatch(
      /^photos\/[a-z0-9]{16}-320\.webp 320w, photos\/[a-z0-9]{16}-640\.webp 640w$/,
    );
    expect(first!.large).toMatch(/-1280\.webp$/);
    // 800 x 500 (the second photo) is never enlarged: its largest file is the 960 one, 800 wide.
    expect(second!.large).toMatch(/-960\.webp$/);

    for (const file of [first!.src, first!.large].map((src) => src.replace('photos/', ''))) {
      const res = await photo(token, file).expect(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      const meta = await sharp(res.body as Buffer).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.icc).toBeUndefined();
      expect((res.body as Buffer).includes(Buffer.from('Exif'))).toBe(false);
      expect((res.body as Buffer).includes(Buffer.from('Fidjross'))).toBe(false);
    }
    // On disk: four WebP variants per photo, in the request's private folder, nothing public.
    const files = filesUnder(api.layout.siteDir(submission.id));
    expect(files).toHaveLength(8);
    expect(files.every((file) => VARIANT.test(file))).toBe(true);
    expect(filesUnder(api.layout.publicDir).some((file) => file.endsWith('.webp'))).toBe(false);
  });

  it('never lets a token reach another site, an unknown or revoked token, or a malformed name', async () => {
    const mine = await approvedSite();
    const other = await approvedSite();
    const res = await post(mine.submission.id, { ...FIELDS, published: '1' }, [
      await photoWithGps(400, 300),
    ]).expect(201);
    const file = `${res.body.data.photos[0].name}-320.webp`;
    await photo(mine.token, file).expect(200);

    const refused = await photo(other.token, file).expect(404);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['referrer-policy']).toBe('no-referrer');
    await photo('A'.repeat(32), file).expect(404);
    await photo('court', file).expect(404);
    for (const bad of [
      file.replace('-320', '-321'),
      file.replace('.webp', '.jpg'),
      `..%2F${file}`,
      `${file}x`,
    ])
      await photo(mine.token, bad).expect(404);
    await request(api.app).get(`/storage/sites/${mine.submission.id}/${file}`).expect(404);

    const renewed = await issueTrackingToken(api.db.knex, mine.submission.id);
    await photo(mine.token, file).expect(404);
    await photo(renewed, file).expect(200);
  });

  it('refuses updates on a request that is not approved, and unknown requests', async () => {
    for (const status of ['new', 'contacted', 'quoted', 'rejected']) {
      const submission = await aSubmission(api.db, { status });
      const res = await post(submission.id, { ...FIELDS, published: '1' }, [await jpeg()]).expect(409);
      expect(res.body.message).toBe(siteUpdateMessages.notApproved);
      expect(filesUnder(api.layout.siteDir(submission.id))).toEqual([]);
    }
    const res = await post(999_999, FIELDS).expect(404);
    expect(res.body.message).toBe(siteUpdateMessages.submissionNotFound);
    await post(1, FIELDS).unset('Authorization').expect(401);
    await post(1, FIELDS)
      .set({ Authorization: `Bearer ${api.editorToken}` })
      .expect(403);
  });

  it('answers every bad field in French, with the image messages for files', async () => {
    const { submission } = await approvedSite();
    const res = await post(
      submission.id,
      { date: '31/02/2026', phase: 'peinture', progress: '101', text: 'Court' },
      [Buffer.from('pas une image du tout')],
    ).expect(422);
    expect(res.body.errors).toEqual({
      date: [siteUpdateMessages.dateInvalid],
      phase: [siteUpdateMessages.phaseInvalid],
      progress: [siteUpdateMessages.progressInvalid],
      text: [siteUpdateMessages.textTooShort],
      photos: [imageMessages.notAnImage],
    });
    const negative = await post(submission.id, { ...FIELDS, progress: '-1' }).expect(422);
    expect(negative.body.errors).toEqual({ progress: [siteUpdateMessages.progressInvalid] });

    const small = await jpeg({ width: 40, height: 30 });
    const many = await post(
      submission.id,
      FIELDS,
      Array.from({ length: 11 }, () => small),
    ).expect(422);
    expect(many.body.errors).toEqual({ photos: [siteUpdateMessages.tooManyPhotos] });

    const big = Buffer.concat([small, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await post(submission.id, FIELDS, [big]).expect(413);
    expect(tooBig.body.message).toBe(imageMessages.tooLarge);
    expect(await api.db.knex('site_updates').where({ submission_id: submission.id })).toEqual([]);
    expect(filesUnder(api.layout.siteDir(submission.id))).toEqual([]);
  });

  it('keeps, removes and adds photos on an edit, at most 10 in all, and deletes the removed files', async () => {
    const { submission } = await approvedSite();
    const small = await jpeg({ width: 40, height: 30 });
    const created = await post(submission.id, FIELDS, [small, small]).expect(201);
    const [keep, drop] = created.body.data.photos as { id: number; name: string }[];
    const dir = api.layout.siteDir(submission.id);

    const tooMany = await post(
      submission.id,
      FIELDS,
      Array.from({ length: 9 }, () => small),
      created.body.data.id,
    ).expect(422);
    expect(tooMany.body.errors).toEqual({ photos: [siteUpdateMessages.tooManyPhotos] });

    const edited = await post(
      submission.id,
      { ...FIELDS, 'removePhotoIds[]': [String(drop!.id)] },
      [small],
      created.body.data.id,
    ).expect(200);
    const names = (edited.body.data.photos as { name: string }[]).map((p) => p.name);
    expect(names).toHaveLength(2);
    expect(names[0]).toBe(keep!.name);
    expect(existsSync(path.join(dir, `${drop!.name}-320.webp`))).toBe(false);
    expect(filesUnder(dir)).toHaveLength(8);
    // Without _method=PUT a POST on an update names nothing.
    await request(api.app)
      .post(`/api/admin/project-submissions/${submission.id}/updates/${created.body.data.id}`)
      .set(auth())
      .field('text', 'x')
      .expect(405);
  });

  it('moves an update to the trash, its photos kept but unserved, and back; a request takes its updates along', async () => {
    const { submission, token } = await approvedSite();
    const created = await post(submission.id, { ...FIELDS, published: '1' }, [await jpeg()]).expect(201);
    const updateId = created.body.data.id as number;
    const file = `${created.body.data.photos[0].name}-640.webp`;
    await photo(token, file).expect(200);
    await request(api.app)
      .delete(`/api/admin/project-submissions/${submission.id}/updates/${updateId}`)
      .set(auth())
      .expect(200, { success: true, message: siteUpdateMessages.deleted });
    // In the trash: row and photo files kept, but neither the tracking page nor the back office shows it.
    expect((await api.db.knex('site_updates').where({ id: updateId }).first()).deleted_at).not.toBeNull();
    expect(filesUnder(api.layout.siteDir(submission.id))).toHaveLength(4);
    await photo(token, file).expect(404);
    await request(api.app)
      .get(`/api/admin/project-submissions/${submission.id}/updates/photos/${file}`)
      .set(auth())
      .expect(404);
    expect((await publishedSiteUpdates(api.db.knex, submission.id)).updates).toEqual([]);
    const listed = await request(api.app)
      .get(`/api/admin/project-submissions/${submission.id}/updates`)
      .set(auth())
      .expect(200);
    expect(listed.body.data).toEqual([]);

    await request(api.app).post(`/api/admin/trash/site_update/${updateId}/restore`).set(auth()).expect(200);
    await photo(token, file).expect(200);
    expect((await publishedSiteUpdates(api.db.knex, submission.id)).updates).toHaveLength(1);

    // The request to the trash: its tracking link and its site photos answer 404, and come back with it.
    await request(api.app).delete(`/api/admin/project-submissions/${submission.id}`).set(auth()).expect(200);
    expect(filesUnder(api.layout.siteDir(submission.id))).toHaveLength(4);
    await photo(token, file).expect(404);
    const tracking = trackingService({ db: api.db.knex, config: api.env.config });
    expect(await tracking.trackedRequest(token)).toBeNull();
    await request(api.app)
      .get(`/api/admin/project-submissions/${submission.id}/updates`)
      .set(auth())
      .expect(404);
    const sites = await request(api.app).get('/api/admin/site-updates').set(auth()).expect(200);
    expect((sites.body.data as { id: number }[]).map((row) => row.id)).not.toContain(submission.id);
    await request(api.app)
      .post(`/api/admin/trash/submission/${submission.id}/restore`)
      .set(auth())
      .expect(200);
    await photo(token, file).expect(200);
    expect((await tracking.trackedRequest(token))?.site.updates).toHaveLength(1);

    // Purged for good: rows and every file of its site folder.
    await request(api.app).delete(`/api/admin/project-submissions/${submission.id}`).set(auth()).expect(200);
    await request(api.app).delete(`/api/admin/trash/submission/${submission.id}`).set(auth()).expect(200);
    expect(filesUnder(api.layout.siteDir(submission.id))).toEqual([]);
    expect(await api.db.knex('site_updates').where({ submission_id: submission.id })).toEqual([]);
    expect(await api.db.knex('project_submissions').where({ id: submission.id }).first()).toBeUndefined();
  });

  it('purges a trashed update with its photo files', async () => {
    const { submission } = await approvedSite();
    const created = await post(submission.id, FIELDS, [await jpeg()]).expect(201);
    const updateId = created.body.data.id as number;
    await request(api.app)
      .delete(`/api/admin/project-submissions/${submission.id}/updates/${updateId}`)
      .set(auth())
      .expect(200);
    await request(api.app).delete(`/api/admin/trash/site_update/${updateId}`).set(auth()).expect(200);
    expect(filesUnder(api.layout.siteDir(submission.id))).toEqual([]);
    expect(await api.db.knex('site_updates').where({ id: updateId }).first()).toBeUndefined();
    expect(await api.db.knex('site_update_photos').where({ update_id: updateId })).toEqual([]);
  });

  it('lists the approved requests for the Chantiers screen with their last update', async () => {
    const { submission } = await approvedSite();
    await aSubmission(api.db, { status: 'new', project_title: 'Pas encore approuvée' });
    await post(submission.id, { ...FIELDS, date: '2027-01-05', phase: 'toiture', progress: '70' }).expect(
      201,
    );
    const res = await request(api.app).get('/api/admin/site-updates').set(auth()).expect(200);
    const titles = (res.body.data as { project_title: string }[]).map((row) => row.project_title);
    expect(titles).not.toContain('Pas encore approuvée');
    expect(res.body.data[0]).toMatchObject({
      id: submission.id,
      updates_count: 1,
      drafts_count: 1,
      last_update: {
        date: '2027-01-05',
        phase: 'toiture',
        phase_label: 'Toiture',
        progress: 70,
        published: false,
      },
    });
    await request(api.app).get('/api/admin/site-updates').expect(401);
  });

  it('counts site photos in the storage diagnostic and saves them in a backup, leftovers excepted', async () => {
    const { submission } = await approvedSite();
    const created = await post(submission.id, FIELDS, [await jpeg()]).expect(201);
    const name = created.body.data.photos[0].name as string;
    // A leftover of an interrupted upload: a file no row names.
    writeFileSync(path.join(api.layout.siteDir(submission.id), 'zzzzzzzzzzzzzzzz-320.webp'), 'orphelin');

    const system = await request(api.app).get('/api/diagnostic/system').set(auth()).expect(200);
    expect(system.body.storage.private_folders.sites.exists).toBe(true);
    expect(system.body.storage.private_folders.sites.file_count).toBe(filesUnder(api.layout.sitesDir).length);

    const outDir = mkdtempSync(path.join(tmpdir(), 'sauvegarde-chantier-'));
    try {
      const { manifest } = await createBackup({
        config: api.env.config,
        appVersion: '9.9.9',
        outDir,
        keep: 0,
      });
      const saved = Object.keys(manifest.files).filter((file) =>
        file.startsWith(`app/private/sites/${submission.id}/`),
      );
      expect(saved.sort()).toEqual(
        [320, 640, 960, 1280].map((w) => `app/private/sites/${submission.id}/${name}-${w}.webp`).sort(),
      );
      expect(manifest.rows.site_update_photos).toBeGreaterThan(0);
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
  });
});
