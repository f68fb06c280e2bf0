import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import request from 'supertest';
import { create as createTar, extract as extractTar } from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { createBackup } from '#server/backup/create-backup';
import { filesBelow } from '#server/backup/manifest';
import { restoreBackup } from '#server/backup/restore-backup';
import { dataTables } from '#server/backup/table-rows';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { jpeg } from '../helpers/images';
import { silentLogger, testConfig, type TestConfig } from '../helpers/test-config';
import { testEngines, type TestDb } from '../helpers/test-db';
import { VALID_FIELDS, pdfBytes, readZip, submit } from './submission-fixtures';

/**
 * `npm run backup` / `npm run restore` (docs/decisions/0017-backups.md) on every engine:
 * a site with a product image, submissions and their attachments is backed up while
 * submissions keep arriving, restored into an empty database and storage folder, and
 * every row, every file and a submission's zip come back the same.
 */

type Rows = Record<string, Record<string, unknown>[]>;

async function everyRow(knex: Knex): Promise<Rows> {
  const rows: Rows = {};
  for (const table of await dataTables(knex)) {
    const info = await knex(table).columnInfo();
    rows[table] = await knex(table)
      .select('*')
      .orderBy('id' in info ? 'id' : Object.keys(info)[0]!);
  }
  return rows;
}

function fileContents(root: string): Promise<Record<string, string>> {
  return filesBelow(path.join(root, 'app'), root).then((files) =>
    Object.fromEntries(files.map((file) => [file, readFileSync(path.join(root, file)).toString('base64')])),
  );
}

describe.each(testEngines())('backup and restore on $name', (engine) => {
  let api: ApiHarness;
  let outDir: string;
  let archive: string;
  let submissionId: number;
  let trashedProduct: { id: number; image: string };

  beforeAll(async () => {
    api = await openApiHarness(engine, { env: { SUBMISSION_RATE_LIMIT: '1000' } });
    outDir = mkdtempSync(path.join(tmpdir(), 'edifier-sauvegardes-'));
    const auth = { Authorization: `Bearer ${api.adminToken}` };
    const category = await request(api.app)
      .post('/api/categories')
      .set(auth)
      .send({ name: 'Matériaux', description: 'Ciment, fers et agglos' });
    await request(api.app)
      .post('/api/products')
      .set(auth)
      .field('name', 'Ciment CPJ 45')
      .field('category_id', String(category.body.data.id))
      .field('price', '5500')
      .field('stock', '12')
      .field('description', 'Sac de 50 kg')
      .attach('image', await jpeg(), { filename: 'ciment.jpg', contentType: 'image/jpeg' })
      .expect(201);
    // A product in the trash: its row marked, its image under storage/app/trash (docs/decisions/0039-trash.md).
    const trashed = await request(api.app)
      .post('/api/products')
      .set(auth)
      .field('name', 'Fer à béton 8 mm')
      .field('category_id', String(category.body.data.id))
      .field('price', '3200')
      .field('description', 'Barre de 12 m')
      .attach('image', await jpeg(), { filename: 'fer.jpg', contentType: 'image/jpeg' })
      .expect(201);
    trashedProduct = { id: trashed.body.data.id, image: trashed.body.data.image };
    await request(api.app).delete(`/api/products/${trashedProduct.id}`).set(auth).expect(200);
    // A testimonial with its photo: a table and an image folder the backup never names, found by itself.
    await request(api.app)
      .post('/api/testimonials')
      .set(auth)
      .field('clientName', 'Famille Agossou')
      .field('town', 'Paris (diaspora)')
      .field('projectType', 'Villa R+1')
      .field('text', 'Chantier suivi à distance, maison livrée comme prévu.')
      .field('date', '2026-03-01')
      .field('published', '1')
      .attach('photo', await jpeg(), { filename: 'villa.jpg', contentType: 'image/jpeg' })
      .expect(201);
    const sent = await submit(api.app, VALID_FIELDS, [
      { name: 'Plan façade.pdf', data: pdfBytes() },
      { name: 'terrain.jpg', data: await jpeg() },
    ]);
    submissionId = sent.body.data.id;
  });
  afterAll(async () => {
    await api.cleanup();
    rmSync(outDir, { recursive: true, force: true });
  });

  it('writes one archive while submissions keep arriving, with a manifest that matches the database at one moment', async () => {
    const writes = Array.from({ length: 6 }, (_, i) =>
      submit(api.app, { ...VALID_FIELDS, projectTitle: `Pendant la sauvegarde ${i}` }, [
        { name: `plan-${i}.pdf`, data: pdfBytes() },
      ]),
    );
    const [result] = await Promise.all([
      createBackup({ config: api.env.config, appVersion: '9.9.9', outDir, keep: 3 }),
      ...writes,
    ]);
    archive = result.file;
    expect(path.basename(archive)).toMatch(/^edifier-sauvegarde-\d{8}-\d{6}\.tar\.gz$/);
    // Password hashes, clients' details, attachments: readable by its owner only.
    expect((statSync(archive).mode & 0o777).toString(8)).toBe('600');
    const { manifest } = result;
    expect(manifest).toMatchObject({
      format: 1,
      appVersion: '9.9.9',
      engine: engine.name,
      migration: expect.any(String),
    });
    // One live, one in the trash with its files aside.
    expect(manifest.rows.products).toBe(2);
    expect(manifest.rows.trash).toBe(1);
    expect(Object.keys(manifest.files).some((file) => file.startsWith('app/trash/public/products/'))).toBe(
      true,
    );
    // A consistent moment: each submission saved with exactly its attachments.
    expect(manifest.rows.submission_attachments).toBe(2 + (manifest.rows.project_submissions! - 1));
    expect(Object.keys(manifest.files).some((file) => file.startsWith('app/public/products/'))).toBe(true);
    expect(manifest.rows.testimonials).toBe(1);
    expect(
      Object.keys(manifest.files).filter((file) => file.startsWith('app/public/testimonials/')),
    ).toHaveLength(5);
    expect(
      Object.keys(manifest.files).filter((file) => file.startsWith('app/private/submissions/')),
    ).toHaveLength(manifest.rows.submission_attachments!);
    for (const hash of Object.values(manifest.files)) expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('restores every row, every file and the same zip into an empty database and storage folder', async () => {
    // What the archive holds, as the source was when it was taken: restore it into a second target.
    const target: TestDb = await engine.open();
    const env: TestConfig = testConfig(target.database);
    try {
      const report = await restoreBackup({ config: env.config, archive, force: false });
      expect(report.rows).toEqual(
        Object.fromEntries(Object.entries(report.manifest.rows).map(([table, n]) => [table, n])),
      );
      // Nothing written beside the storage folder (no `public/` link folder, no work folder).
      expect(readdirSync(path.dirname(env.storageDir))).toEqual(['storage']);
      expect(readdirSync(path.join(env.storageDir, 'tmp'))).toEqual([]);

      // Rows: those of the archive, equal to the source's except the submissions sent after it.
      const restored = await everyRow(target.knex);
      const original = await everyRow(api.db.knex);
      const savedIds = new Set(restored.project_submissions!.map((row) => row.id));
      for (const table of Object.keys(original)) {
        const expected =
          table === 'project_submissions'
            ? original[table]!.filter((row) => savedIds.has(row.id))
            : table === 'submission_attachments'
              ? original[table]!.filter((row) => savedIds.has(row.submission_id))
              : table === 'outbox'
                ? original[table]!.filter(
                    (row) => row.about_type !== 'submission' || savedIds.has(row.about_id),
                  )
                : table === 'reference_sequences' || table === 'login_attempts' || table === 'revoked_tokens'
                  ? restored[table]!
                  : original[table]!;
        expect({ table, rows: restored[table] }).toEqual({ table, rows: expected });
      }
      // The submissions that arrived during the backup are in the source, not necessarily in the archive.
      expect(original.project_submissions).toHaveLength(7);

      // Files: byte for byte.
      const files = await fileContents(env.storageDir);
      expect(Object.keys(files).sort()).toEqual(Object.keys(report.manifest.files).sort());
      const originals = await fileContents(api.env.storageDir);
      for (const [file, data] of Object.entries(files)) expect(data, file).toBe(originals[file]);

      // The restored site answers the same zip for the first submission.
      const app = createApp({
        config: env.config,
        db: target.knex,
        logger: silentLogger(),
        root: process.cwd(),
      });
      const login = await request(app)
        .post('/api/auth/login')
        .send({ email: 'admin@edifier.test', password: 'Chantier-2011!' })
        .expect(200);
      const zipOf = async (which: typeof app, token: string) => {
        const response = await request(which)
          .get(`/api/admin/project-submissions/${submissionId}/download`)
          .set('Authorization', `Bearer ${token}`)
          .buffer(true)
          .parse((res, done) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => done(null, Buffer.concat(chunks)));
          })
          .expect(200);
        return readZip(response.body as Buffer).map((entry) => [entry.name, entry.data.toString('base64')]);
      };
      expect(await zipOf(app, login.body.access_token)).toEqual(await zipOf(api.app, api.adminToken));

      // A second restore onto what is now a filled target is refused, and changes nothing.
      await expect(restoreBackup({ config: env.config, archive, force: false })).rejects.toThrow(
        /La cible n’est pas vide .* --force/,
      );
      // (Signing in above wrote a login attempt, the account's last sign-in and a 'login'
      // row of the activity log: the rest is as restored.)
      const withoutSignIns = (rows: Rows) => ({
        ...rows,
        login_attempts: [],
        users: (rows.users ?? []).map((user) => ({ ...user, last_login_at: null })),
        activity_log: (rows.activity_log ?? []).filter((row) => row.action !== 'login'),
      });
      expect(withoutSignIns(await everyRow(target.knex))).toEqual(withoutSignIns(restored));
      // --force replaces it.
      const again = await restoreBackup({ config: env.config, archive, force: true });
      expect(again.rows).toEqual(report.rows);
      expect(await everyRow(target.knex)).toEqual(restored);

      // The trash came along: its row, its files aside, and a restore that brings the image back.
      expect(restored.trash).toHaveLength(1);
      expect(Object.keys(files)).toContain(`app/trash/public/${trashedProduct.image}`);
      await request(app).get(`/storage/${trashedProduct.image}`).expect(404);
      await request(app)
        .post(`/api/admin/trash/product/${trashedProduct.id}/restore`)
        .set('Authorization', `Bearer ${login.body.access_token}`)
        .expect(200);
      await request(app).get(`/storage/${trashedProduct.image}`).expect(200);
    } finally {
      await target.cleanup();
      env.dispose();
    }
  });

  it('refuses an archive whose file was altered, or that comes from a newer version, and touches nothing', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'edifier-abime-'));
    const target: TestDb = await engine.open();
    const env: TestConfig = testConfig(target.database);
    try {
      await extractTar({ file: archive, cwd: work });
      const attachment = (await filesBelow(path.join(work, 'storage'), path.join(work, 'storage'))).find(
        (file) => file.startsWith('app/private/'),
      )!;
      writeFileSync(path.join(work, 'storage', attachment), 'altéré');
      const altered = path.join(work, 'altere.tar.gz');
      await createTar({ gzip: true, cwd: work, file: altered }, ['manifest.json', 'db', 'storage']);
      await expect(restoreBackup({ config: env.config, archive: altered, force: false })).rejects.toThrow(
        `Archive abîmée : le contenu de ${attachment} ne correspond pas à son empreinte.`,
      );

      writeFileSync(
        path.join(work, 'storage', attachment),
        readFileSync(path.join(api.env.storageDir, attachment)),
      );
      const manifest = JSON.parse(readFileSync(path.join(work, 'manifest.json'), 'utf8'));
      writeFileSync(
        path.join(work, 'manifest.json'),
        JSON.stringify({ ...manifest, migration: '999-de-demain' }),
      );
      const newer = path.join(work, 'recente.tar.gz');
      await createTar({ gzip: true, cwd: work, file: newer }, ['manifest.json', 'db', 'storage']);
      await expect(restoreBackup({ config: env.config, archive: newer, force: false })).rejects.toThrow(
        /version plus récente du site \(migration 999-de-demain\)/,
      );
      expect(await dataTables(target.knex)).toEqual([]);
      expect(await filesBelow(path.join(env.storageDir, 'app'), env.storageDir)).toEqual([]);
    } finally {
      await target.cleanup();
      env.dispose();
      rmSync(work, { recursive: true, force: true });
    }
  });

  it('refuses a manifest naming a path, a piece of SQL or an unknown table, before reading it or touching the target', async () => {
    const forge = mkdtempSync(path.join(tmpdir(), 'edifier-forge-'));
    const work = path.join(forge, 'contenu');
    const target: TestDb = await engine.open();
    const env: TestConfig = testConfig(target.database);
    try {
      // A filled target, replaced with --force: the case where a refusal found late would cost everything.
      await restoreBackup({ config: env.config, archive, force: false });
      const rowsBefore = await everyRow(target.knex);
      const filesBefore = await fileContents(env.storageDir);
      mkdirSync(work);
      await extractTar({ file: archive, cwd: work });
      const manifest = JSON.parse(readFileSync(path.join(work, 'manifest.json'), 'utf8'));
      // Where `db/../../../x.jsonl` led from the old work folder, beside the archive: a file outside it.
      const archives = path.join(forge, 'a', 'b');
      mkdirSync(archives, { recursive: true });
      writeFileSync(path.join(forge, 'a', 'x.jsonl'), '{"id":1}\n');
      const crafted: [string, string, number][] = [
        ['../../../x', '', 1],
        ['users; DROP TABLE x', '', 0],
        ['inconnue', '{"id":1}\n', 1],
      ];
      for (const [table, lines, count] of crafted) {
        if (!table.includes('/')) writeFileSync(path.join(work, 'db', `${table}.jsonl`), lines);
        writeFileSync(
          path.join(work, 'manifest.json'),
          JSON.stringify({ ...manifest, rows: { ...manifest.rows, [table]: count } }),
        );
        const file = path.join(archives, `forge-${count}-${table.length}.tar.gz`);
        await createTar({ gzip: true, cwd: work, file }, ['manifest.json', 'db', 'storage']);
        await expect(
          restoreBackup({ config: env.config, archive: file, force: true }),
          table,
        ).rejects.toThrow(
          `Archive refusée : son manifeste nomme une table que les migrations du site ne créent pas (${JSON.stringify(table)}). Rien n’a été restauré ni modifié.`,
        );
        if (!table.includes('/')) rmSync(path.join(work, 'db', `${table}.jsonl`));
        expect(await everyRow(target.knex), table).toEqual(rowsBefore);
        expect(await fileContents(env.storageDir), table).toEqual(filesBefore);
      }
      expect(readFileSync(path.join(forge, 'a', 'x.jsonl'), 'utf8')).toBe('{"id":1}\n');
    } finally {
      await target.cleanup();
      env.dispose();
      rmSync(forge, { recursive: true, force: true });
    }
  });

  it('writes its archive readable by its owner only, in a folder it creates for its owner only', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'edifier-droits-'));
    const outDir = path.join(dir, 'sauvegardes', 'nuit');
    try {
      const { file } = await createBackup({ config: api.env.config, appVersion: '1', outDir, keep: 0 });
      expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
      expect((statSync(outDir).mode & 0o777).toString(8)).toBe('700');
      expect((statSync(path.join(dir, 'sauvegardes')).mode & 0o777).toString(8)).toBe('700');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps only the newest archives it is told to keep', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'edifier-rotation-'));
    try {
      for (let day = 1; day <= 4; day += 1)
        await createBackup({
          config: api.env.config,
          appVersion: '1',
          outDir: dir,
          keep: 2,
          // 01:00 UTC is 02:00 in Cotonou, the time the names carry.
          now: new Date(`2026-11-0${day}T01:00:00Z`),
        });
      expect(readdirSync(dir).sort()).toEqual([
        'edifier-sauvegarde-20261103-020000.tar.gz',
        'edifier-sauvegarde-20261104-020000.tar.gz',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("names an archive by Cotonou's time (UTC+1): 23:30 UTC on 31 December is already next year's", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'edifier-stamp-'));
    try {
      const { file, manifest } = await createBackup({
        config: api.env.config,
        appVersion: '1',
        outDir: dir,
        keep: 0,
        now: new Date('2026-12-31T23:30:05Z'),
      });
      expect(path.basename(file)).toBe('edifier-sauvegarde-20270101-003005.tar.gz');
      // The manifest keeps the instant itself, unambiguous.
      expect(manifest.createdAt).toBe('2026-12-31T23:30:05.000Z');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
