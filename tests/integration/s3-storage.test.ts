import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariants } from '#shared/image-variants';
import { createBackup } from '#server/backup/create-backup';
import { restoreBackup } from '#server/backup/restore-backup';
import { issueTrackingToken } from '#server/features/tracking';
import type { FileStore } from '#server/storage/file-store';
import { storageFor } from '#server/storage/storage-for';
import { aSubmission } from '../helpers/builders';
import { download as downloadZip, openDescriptors } from '../helpers/cancelled-downloads';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { jpeg } from '../helpers/images';
import { storedImageChecks } from '../helpers/stored-images';
import { startS3TestServer, type S3TestServer } from '../helpers/s3-test-server';
import { testConfig } from '../helpers/test-config';
import { testEngines } from '../helpers/test-db';
import {
  VALID_FIELDS,
  binary,
  filesUnder,
  pdfBytes,
  pngBytes,
  randomPdf,
  readZip,
  submit,
} from './submission-fixtures';

/**
 * The site on STORAGE_DRIVER=s3 (docs/decisions/0024-object-storage.md), on every engine,
 * against a real S3-protocol server (s3rver) started here: admin images served from the
 * bucket through the app with the local driver's headers, a submission's attachments
 * zipped from the bucket, a site photo through its tracking link, deletions removing the
 * objects, the diagnostics and readiness, and a backup restored into another bucket.
 * Nothing may land in the storage folder but temp uploads.
 */
const MB = 1024 * 1024;
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function keys(store: FileStore, prefix = ''): Promise<string[]> {
  return (await store.list(prefix)).map((file) => file.key);
}

describe.each(testEngines())('S3 storage on $name', (engine) => {
  let s3: S3TestServer;
  let api: ApiHarness;
  const auth = () => ({ Authorization: `Bearer ${api.adminToken}` });

  beforeAll(async () => {
    s3 = await startS3TestServer();
    api = await openApiHarness(engine, { env: s3.env });
  });
  afterAll(async () => {
    await api?.cleanup();
    await s3?.close();
  });

  it('stores an admin image and its variants in the bucket, served with the same headers as from disk', async () => {
    const upload = await request(api.app)
      .post('/api/upload-image')
      .set(auth())
      .field('type', 'products')
      .attach('image', await jpeg({ width: 1400, height: 900 }), 'façade.jpg')
      .expect(201);
    const image: string = upload.body.path;
    expect(image).toMatch(/^products\/[a-z0-9]+\.jpg$/);
    expect(await keys(api.layout.files, 'public/products/')).toEqual(
      [image, ...imageVariants(image).map((v) => v.path)].map((p) => `public/${p}`).sort(),
    );
    // Nothing on this disk but the (empty) folders: the bucket holds the files.
    expect(filesUnder(api.layout.publicDir)).toEqual([]);
    expect(filesUnder(api.layout.tmpDir)).toEqual([]);

    const served = await request(api.app).get(`/storage/${image}`).buffer(true).parse(binary).expect(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['last-modified']).toBeTruthy();
    const stored = await api.layout.files.read(`public/${image}`);
    expect(sha(served.body as Buffer)).toBe(sha(stored!));
    expect(Number(served.headers['content-length'])).toBe(stored!.length);

    for (const variant of imageVariants(image)) {
      const answer = await request(api.app).get(`/api/images/${variant.path}`).expect(200);
      expect(answer.headers['content-type']).toBe('image/webp');
    }
    // Conditional GET and HEAD, as `send` answers them from disk.
    await request(api.app).get(`/storage/${image}`).set('If-None-Match', served.headers.etag!).expect(304);
    const head = await request(api.app).head(`/storage/${image}`).expect(200);
    expect(head.headers['content-length']).toBe(String(stored!.length));
    // Private objects never answer on the public routes.
    await request(api.app).get('/storage/../private/submissions/1/x.pdf').expect(404);
  });

  it('keeps attachments in the bucket, zips them from it, keeps them while the request is in the trash and deletes them with its purge', async () => {
    const pdf = pdfBytes();
    const photo = await pngBytes();
    const sent = await submit(api.app, VALID_FIELDS, [
      { name: 'plan façade.pdf', data: pdf },
      { name: 'terrain.png', data: photo },
    ]).expect(201);
    const id: number = sent.body.data.id;
    expect(await keys(api.layout.files, `private/submissions/${id}/`)).toHaveLength(2);
    expect(filesUnder(api.layout.privateDir)).toEqual([]);
    expect(filesUnder(api.layout.tmpDir)).toEqual([]);

    const zip = await request(api.app)
      .get(`/api/admin/project-submissions/${id}/download`)
      .set(auth())
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const entries = readZip(zip.body as Buffer);
    expect(entries.map((e) => e.name)).toEqual(['demande.txt', 'plan façade.pdf', 'terrain.png']);
    expect(sha(entries[1]!.data)).toBe(sha(pdf));
    expect(sha(entries[2]!.data)).toBe(sha(photo));

    await request(api.app).delete(`/api/admin/project-submissions/${id}`).set(auth()).expect(200);
    // In the trash (docs/product-rules.md, "Trash"): the objects stay until the purge.
    expect(await keys(api.layout.files, `private/submissions/${id}/`)).toHaveLength(2);
    await request(api.app).delete(`/api/admin/trash/submission/${id}`).set(auth()).expect(200);
    expect(await keys(api.layout.files, `private/submissions/${id}/`)).toEqual([]);
  });

  it('serves a site photo from the bucket only through its tracking link, hides it with its trashed update and deletes it with the purge', async () => {
    const submission = await aSubmission(api.db, { status: 'approved', reference: null });
    const token = await issueTrackingToken(api.db.knex, submission.id);
    const created = await request(api.app)
      .post(`/api/admin/project-submissions/${submission.id}/updates`)
      .set(auth())
      .field('date', '2026-11-20')
      .field('phase', 'elevation')
      .field('progress', '45')
      .field('text', 'Les murs sont montés.')
      .field('published', '1')
      .attach('photos[]', await jpeg(), 'chantier.jpg')
      .expect(201);
    const name: string = created.body.data.photos[0].name;
    expect(await keys(api.layout.files, `private/sites/${submission.id}/`)).toHaveLength(4);

    const answer = await request(api.app)
      .get(`/suivi/${token}/photos/${name}-640.webp`)
      .buffer(true)
      .parse(binary)
      .expect(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.headers['cache-control']).toBe('private, no-cache');
    expect(answer.headers['referrer-policy']).toBe('no-referrer');
    const stored = await api.layout.files.read(`private/sites/${submission.id}/${name}-640.webp`);
    expect(sha(answer.body as Buffer)).toBe(sha(stored!));
    await request(api.app)
      .get(`/suivi/${'x'.repeat(32)}/photos/${name}-640.webp`)
      .expect(404);

    await request(api.app)
      .delete(`/api/admin/project-submissions/${submission.id}/updates/${created.body.data.id}`)
      .set(auth())
      .expect(200);
    await request(api.app).get(`/suivi/${token}/photos/${name}-640.webp`).expect(404);
    expect(await keys(api.layout.files, `private/sites/${submission.id}/`)).toHaveLength(4);
    await request(api.app)
      .delete(`/api/admin/trash/site_update/${created.body.data.id}`)
      .set(auth())
      .expect(200);
    expect(await keys(api.layout.files, `private/sites/${submission.id}/`)).toEqual([]);
  });

  it('reports the bucket in the diagnostics and readiness', async () => {
    const system = await request(api.app).get('/api/diagnostic/system').set(auth()).expect(200);
    expect(system.body.storage).toMatchObject({
      status: 'ok',
      driver: 's3',
      write_test: 'success',
      bucket: { location: `${s3.endpoint} / ${s3.bucket}`, reachable: true, writable: true, error: null },
    });
    expect(system.body.storage.image_folders.products.file_count).toBe(1);
    expect(JSON.stringify(system.body)).not.toContain('S3RVER');
    const images = await request(api.app).get('/api/diagnostic/images').set(auth()).expect(200);
    expect(images.body.images.map((i: { path: string }) => i.path)).toEqual([
      expect.stringMatching(/^products\//),
    ]);
    await request(api.app).get('/api/ready').expect(200);
  });

  it('backs up the bucket and restores it into another one, every object checked', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'edifier-s3-backup-'));
    const other = await startS3TestServer('edifier-restore');
    const target = await engine.open({ migrate: false });
    const env = testConfig(target.database, other.env);
    try {
      const sent = await submit(api.app, VALID_FIELDS, [{ name: 'plan.pdf', data: pdfBytes('Plan') }]).expect(
        201,
      );
      const { file, manifest } = await createBackup({
        config: api.env.config,
        appVersion: '9.9.9',
        outDir,
        keep: 0,
      });
      const saved = await api.layout.files.list('');
      expect(Object.keys(manifest.files).sort()).toEqual(saved.map((f) => `app/${f.key}`));
      expect(Object.keys(manifest.files)).toContain(
        `app/${(await keys(api.layout.files, `private/submissions/${sent.body.data.id}/`))[0]}`,
      );

      const report = await restoreBackup({ config: env.config, archive: file, force: false });
      expect(report.files).toBe(saved.length);
      const restored = storageFor(env.config).files;
      for (const { key } of saved)
        expect(sha((await restored.read(key))!), key).toBe(manifest.files[`app/${key}`]);
      expect(await keys(restored)).toEqual(saved.map((f) => f.key));
      // A bucket that holds files is refused without --force.
      await expect(restoreBackup({ config: env.config, archive: file, force: false })).rejects.toThrow(
        /La cible n’est pas vide .* fichiers stockés/,
      );
    } finally {
      await target.cleanup();
      env.dispose();
      await other.close();
      rmSync(outDir, { recursive: true, force: true });
    }
  });

  it('opens the objects of a zip one at a time and closes them when 30 downloads are cancelled mid-stream', async () => {
    const sent = await submit(api.app, VALID_FIELDS, [
      randomPdf('plan-1.pdf', 3 * MB),
      randomPdf('plan-2.pdf', 3 * MB),
      randomPdf('plan-3.pdf', 3 * MB),
    ]);
    expect(sent.status).toBe(201);
    const server = http.createServer(api.app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const path = `/api/admin/project-submissions/${sent.body.data.id}/download`;
    const download = (cancel: boolean) => downloadZip(port, path, api.adminToken, { cancel });
    try {
      // One whole download first: the SDK's pooled connections are in the baseline.
      expect(await download(false)).toBeGreaterThan(9 * MB);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const baseline = openDescriptors();
      for (let i = 0; i < 30; i += 1) await download(true);
      // Each cancelled download left one GetObject open at most: 30 leaks would show here.
      const deadline = Date.now() + 10_000;
      while (openDescriptors() > baseline + 2 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(openDescriptors()).toBeLessThanOrEqual(baseline + 2);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('answers 503 with Retry-After when the bucket stops answering', async () => {
    await s3.close();
    const ready = await request(api.app).get('/api/ready').expect(503);
    expect(ready.headers['retry-after']).toBeTruthy();
    const upload = await request(api.app)
      .post('/api/upload-image')
      .set(auth())
      .attach('image', await jpeg(), 'photo.jpg')
      .expect(503);
    expect(upload.body.message).toMatch(/stockage des fichiers ne répond pas/);
    await storedImageChecks(() => api.layout).expectTmpEmpty();
    const system = await request(api.app).get('/api/diagnostic/system').set(auth()).expect(200);
    expect(system.body.storage).toMatchObject({ status: 'error', bucket: { reachable: false } });
  });
});
