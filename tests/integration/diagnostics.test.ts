import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type express from 'express';
import type { Knex } from 'knex';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { createDb } from '#server/db/knex';
import { databaseReport } from '#server/features/diagnostics/database-check';
import { imageList } from '#server/features/diagnostics/image-list';
import { processImage } from '#server/images/pipeline';
import { IMAGE_KINDS, type StorageLayout } from '#server/storage/layout';
import { silentLogger, testConfig, type TestConfig } from '../helpers/test-config';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { jpeg } from '../helpers/images';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * The diagnostics of product rules, Entities and API on every engine (product rules, API): image
 * service test, system diagnostic, image list, storage repair. Each starts from a storage
 * folder that does not exist yet, as on a fresh server before its first start, so the
 * broken and the repaired states are both seen. Nothing in an answer may carry a secret,
 * an absolute path or a credential.
 */

const REPAIRED = 'Réparation du stockage effectuée avec succès';
const ENDPOINTS = [
  ['get', '/api/test-images'],
  ['get', '/api/diagnostic/system'],
  ['get', '/api/diagnostic/images'],
  ['post', '/api/diagnostic/repair-storage'],
] as const;

describe.each(testEngines())('diagnostics on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let env: TestConfig;
  let app: express.Express;
  let layout: StorageLayout;
  let adminToken: string;
  let editorToken: string;

  const asAdmin = (method: 'get' | 'post', url: string) =>
    request(app)[method](url).set('Authorization', `Bearer ${adminToken}`);
  const system = async () => (await asAdmin('get', '/api/diagnostic/system').expect(200)).body;
  const dotFilesIn = (dir: string) =>
    existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith('.')) : [];

  /** What must never appear in an answer. */
  function secretsOf(): string[] {
    const secrets = [
      env.config.jwtSecret,
      env.storageDir,
      path.dirname(env.storageDir),
      layout.publicDir,
      db.database.connection,
    ];
    if (db.database.client === 'mysql') {
      const url = new URL(db.database.connection);
      secrets.push(url.host);
      if (url.password) secrets.push(decodeURIComponent(url.password));
    }
    return secrets;
  }

  function expectNoLeak(body: unknown): void {
    const text = JSON.stringify(body);
    for (const secret of secretsOf()) expect(text, secret).not.toContain(secret);
    // No absolute path of this machine at all, whatever it is.
    expect(text).not.toMatch(/"\/(tmp|home|root|var|work|usr|etc)\//);
    expect(text).not.toMatch(/password|password_hash|\$2[aby]\$/i);
  }

  beforeAll(async () => {
    // Deliberately no storage folders: the first tests see a server whose storage is missing.
    api = await openApiHarness(engine, { ensureStorage: false });
    ({ db, env, app, layout, adminToken, editorToken } = api);
  });
  afterAll(() => api.cleanup());

  it('refuses every diagnostic without a token (401) and to a non-administrator (403), changing nothing', async () => {
    for (const [method, url] of ENDPOINTS) {
      const anonymous = await request(app)[method](url);
      expect(anonymous.status, url).toBe(401);
      expect(anonymous.body, url).toEqual({ message: 'Non authentifié. Veuillez vous connecter.' });
      const editor = await request(app)[method](url).set('Authorization', `Bearer ${editorToken}`);
      expect(editor.status, url).toBe(403);
      expect(editor.body, url).toEqual({
        message: "Vous n'avez pas les droits nécessaires pour cette action.",
      });
    }
    // The refused repair did not create anything (multer makes storage/tmp when the app is built).
    expect(existsSync(layout.publicDir)).toBe(false);
    expect(existsSync(layout.publicLink)).toBe(false);
  });

  describe('before any repair (storage missing)', () => {
    it('reports the image service in error, with the missing link', async () => {
      const response = await asAdmin('get', '/api/test-images').expect(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body.status).toBe('error');
      expect(response.body.storage_link).toEqual({ exists: false, is_symlink: false, target: null });
      for (const kind of IMAGE_KINDS)
        expect(response.body.image_folders[kind]).toEqual({ exists: false, readable: false });
    });

    it('reports a failed write test, missing folders and a missing link in the system diagnostic', async () => {
      const body = await system();
      expect(body.storage.status).toBe('error');
      expect(body.storage.write_test).toBe('failed');
      for (const kind of IMAGE_KINDS)
        expect(body.storage.image_folders[kind]).toEqual({ exists: false, file_count: 0 });
      expect(body.symlinks).toEqual({
        public_storage_exists: false,
        is_symlink: false,
        symlink_target: null,
      });
      // The write test created nothing on its way.
      expect(existsSync(layout.publicDir)).toBe(false);
      expect(existsSync(layout.privateDir)).toBe(false);
      expectNoLeak(body);
    });

    it('lists no image', async () => {
      const response = await asAdmin('get', '/api/diagnostic/images').expect(200);
      expect(response.body).toEqual({ images: [], total: 0, limit: 500 });
    });
  });

  describe('storage repair', () => {
    it('recreates every folder and a relative public/storage link, and says so', async () => {
      const response = await asAdmin('post', '/api/diagnostic/repair-storage').expect(200);
      expect(response.body.success).toBe(true);
      expect(response.body.message).toBe(REPAIRED);
      expect(response.body.symlinks).toEqual({
        public_storage_exists: true,
        is_symlink: true,
        symlink_target: '../storage/app/public',
      });
      for (const kind of IMAGE_KINDS) {
        expect(statSync(layout.imageDir(kind)).isDirectory(), kind).toBe(true);
        expect(response.body.image_folders[kind]).toEqual({ exists: true });
      }
      expect(statSync(layout.submissionsDir).isDirectory()).toBe(true);
      expect(statSync(layout.tmpDir).isDirectory()).toBe(true);
      expect(lstatSync(layout.publicLink).isSymbolicLink()).toBe(true);
      expect(readlinkSync(layout.publicLink)).toBe('../storage/app/public');
      expectNoLeak(response.body);
    });

    it('is idempotent: a second repair changes nothing and answers the same', async () => {
      const linkBefore = lstatSync(layout.publicLink);
      const first = await asAdmin('post', '/api/diagnostic/repair-storage').expect(200);
      const second = await asAdmin('post', '/api/diagnostic/repair-storage').expect(200);
      expect(second.body).toEqual(first.body);
      expect(lstatSync(layout.publicLink).ino).toBe(linkBefore.ino);
    });

    it('replaces a link that points elsewhere', async () => {
      rmSync(layout.publicLink);
      symlinkSync(os.tmpdir(), layout.publicLink);
      const check = await asAdmin('get', '/api/test-images').expect(200);
      expect(check.body.status).toBe('warning');
      expect(check.body.storage_link.target).not.toMatch(/^\//);
      await asAdmin('post', '/api/diagnostic/repair-storage').expect(200);
      expect(readlinkSync(layout.publicLink)).toBe('../storage/app/public');
    });

    it('leaves a real folder standing at public/storage alone and answers 409', async () => {
      rmSync(layout.publicLink);
      mkdirSync(layout.publicLink);
      writeFileSync(path.join(layout.publicLink, 'keep.txt'), 'fichier de l’exploitant');
      try {
        const response = await asAdmin('post', '/api/diagnostic/repair-storage').expect(409);
        expect(response.body.message).toMatch(/occupe public\/storage/);
        expectNoLeak(response.body);
        expect(existsSync(path.join(layout.publicLink, 'keep.txt'))).toBe(true);
      } finally {
        rmSync(layout.publicLink, { recursive: true, force: true });
        await asAdmin('post', '/api/diagnostic/repair-storage').expect(200);
      }
    });

    it('answers a French 500 without any path when the folders cannot be made', async () => {
      // A file where a folder must be: fails even for root, unlike a permission change.
      rmSync(layout.privateDir, { recursive: true, force: true });
      writeFileSync(layout.privateDir, 'pas un dossier');
      try {
        const body = await system();
        expect(body.storage.write_test).toBe('failed');
        expect(body.storage.status).toBe('error');
        const response = await asAdmin('post', '/api/diagnostic/repair-storage').expect(500);
        expect(response.body.message).toMatch(/^Impossible de créer les dossiers de stockage/);
        expectNoLeak(response.body);
      } finally {
        rmSync(layout.privateDir, { force: true });
        await asAdmin('post', '/api/diagnostic/repair-storage').expect(200);
      }
    });
  });

  describe('after the repair', () => {
    const stored: string[] = [];

    beforeAll(async () => {
      // Three images, given distinct modification times so that "newest first" is testable.
      for (const [i, kind] of (['products', 'products', 'parcelle'] as const).entries()) {
        const { path: relPath } = await processImage(
          await jpeg({ width: 400, height: 300, color: { r: 40 * (i + 1), g: 100, b: 50 } }),
          kind,
          layout,
        );
        const when = new Date(Date.UTC(2024, 0, 10 + i, 8, 0, 0));
        utimesSync(path.join(layout.publicDir, relPath), when, when);
        stored.push(relPath);
      }
    });

    it('reports the image service ok with its relative link', async () => {
      const response = await asAdmin('get', '/api/test-images').expect(200);
      expect(response.body.status).toBe('ok');
      expect(response.body.message).toBe("Service d'images opérationnel.");
      expect(response.body.storage_link).toEqual({
        exists: true,
        is_symlink: true,
        target: '../storage/app/public',
      });
      for (const kind of IMAGE_KINDS)
        expect(response.body.image_folders[kind]).toEqual({ exists: true, readable: true });
    });

    it('answers exactly the four blocks of the product rules', async () => {
      expect(Object.keys(await system()).sort()).toEqual(['database', 'environment', 'storage', 'symlinks']);
    });

    it('reports the database by name with the number of accounts', async () => {
      const { database } = await system();
      const users = Number((await db.knex('users').count({ n: '*' }).first())?.n);
      const expectedName =
        db.database.client === 'sqlite'
          ? path.basename(db.database.connection)
          : decodeURIComponent(new URL(db.database.connection).pathname.slice(1));
      expect(database).toEqual({ status: 'connected', database_name: expectedName, user_count: users });
      expect(users).toBe(2);
    });

    it('reports the space used on the storage filesystem and a real write test that leaves nothing', async () => {
      const { storage } = await system();
      const fs = await statfs(layout.root);
      const used = fs.blocks - fs.bfree;
      const expected = (used / (used + fs.bavail)) * 100;
      expect(storage.space_usage_percent).toBeGreaterThan(0);
      expect(Math.abs(storage.space_usage_percent - expected)).toBeLessThan(1);
      expect(storage.write_test).toBe('success');
      expect(storage.status).toBe(expected >= 90 ? 'warning' : 'ok');
      expect(dotFilesIn(layout.publicDir)).toEqual([]);
      expect(dotFilesIn(layout.privateDir)).toEqual([]);
    });

    it('counts stored images per folder, not their WebP variants', async () => {
      const { storage } = await system();
      for (const kind of IMAGE_KINDS) {
        const expected = kind === 'products' ? 2 : kind === 'parcelle' ? 1 : 0;
        expect(storage.image_folders[kind], kind).toEqual({ exists: true, file_count: expected });
      }
      // Five files per image on disk: the fallback and four variants.
      expect(readdirSync(layout.imageDir('products'))).toHaveLength(10);
    });

    it('reports the public link as the product rules name it', async () => {
      expect((await system()).symlinks).toEqual({
        public_storage_exists: true,
        is_symlink: true,
        symlink_target: '../storage/app/public',
      });
    });

    it('reports an absolute link target relative to the link', async () => {
      rmSync(layout.publicLink);
      symlinkSync(layout.publicDir, layout.publicLink);
      try {
        const body = await system();
        expect(body.symlinks.symlink_target).toBe('../storage/app/public');
        const check = await asAdmin('get', '/api/test-images').expect(200);
        expect(check.body.storage_link.target).toBe('../storage/app/public');
        expect(check.body.status).toBe('ok');
        expectNoLeak(body);
        expectNoLeak(check.body);
      } finally {
        rmSync(layout.publicLink);
        await asAdmin('post', '/api/diagnostic/repair-storage').expect(200);
      }
    });

    it('describes the Node.js environment under the product rules keys', async () => {
      const { environment } = await system();
      expect(environment).toEqual({
        php_version: `Version de Node.js: ${process.version}`,
        node_version: process.version,
        server_software: 'Node.js / Express 5',
        os: `${os.platform()} ${os.release()}`,
        app_environment: 'test',
        app_url: 'http://site.test',
        filesystem_disk: 'local',
        max_upload_size: '2 Mo (images), 10 Mo par fichier / 25 Mo (soumissions)',
        memory_limit: expect.stringMatching(/^\d[\d\s]*(?:,\d)? Mo$/),
      });
      // French digits: a narrow no-break space between thousands, a decimal comma.
      const megabytes = Number.parseFloat(environment.memory_limit.replace(/\s/g, '').replace(',', '.'));
      expect(megabytes).toBeGreaterThan(100);
    });

    it('leaks no secret, absolute path or credential', async () => {
      const body = await system();
      expectNoLeak(body);
      expectNoLeak((await asAdmin('get', '/api/diagnostic/images').expect(200)).body);
      expectNoLeak((await asAdmin('get', '/api/test-images').expect(200)).body);
    });

    it('lists the stored images newest first with url, path, size and unix time, without variants', async () => {
      const response = await asAdmin('get', '/api/diagnostic/images').expect(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const newestFirst = [...stored].reverse();
      expect(response.body.total).toBe(3);
      expect(response.body.images).toEqual(
        newestFirst.map((relPath, i) => ({
          url: `/storage/${relPath}`,
          path: relPath,
          size: statSync(path.join(layout.publicDir, relPath)).size,
          last_modified: Date.UTC(2024, 0, 12 - i, 8, 0, 0) / 1000,
        })),
      );
      // Each listed url is served.
      for (const image of response.body.images as { url: string }[]) {
        const served = await request(app).head(image.url).expect(200);
        expect(served.headers['content-type']).toBe('image/jpeg');
      }
    });

    it('caps the list and still tells the total', async () => {
      const capped = await imageList(layout, 2);
      expect(capped.images.map((image) => image.path)).toEqual([stored[2], stored[1]]);
      expect(capped.total).toBe(3);
      expect(capped.limit).toBe(2);
    });

    it('leaves dot files and symbolic links out of the list and the counts', async () => {
      writeFileSync(path.join(layout.imageDir('misc'), '.upload.jpg.tmp'), 'x');
      writeFileSync(path.join(layout.imageDir('misc'), '.hidden.jpg'), 'x');
      symlinkSync(path.join(layout.publicDir, stored[0]!), path.join(layout.imageDir('misc'), 'alias.jpg'));
      try {
        const list = await asAdmin('get', '/api/diagnostic/images').expect(200);
        expect(list.body.total).toBe(3);
        expect((await system()).storage.image_folders.misc).toEqual({ exists: true, file_count: 0 });
      } finally {
        for (const name of ['.upload.jpg.tmp', '.hidden.jpg', 'alias.jpg'])
          rmSync(path.join(layout.imageDir('misc'), name));
      }
    });
  });

  it('reports the database in error, without the driver message, when it cannot be reached', async () => {
    const closed: Knex = createDb(db.database);
    await closed.destroy();
    const report = await databaseReport(closed, silentLogger());
    expect(report.status).toBe('error');
    expect(report.user_count).toBeNull();
    expect(report.database_name).not.toContain('/');
    expectNoLeak(report);
  });

  it('strips a user and password written into APP_URL', async () => {
    const other = testConfig(db.database, { APP_URL: 'https://deploy:hunter2-secret@edifier.example' });
    try {
      const otherApp = createApp({
        config: other.config,
        db: db.knex,
        logger: silentLogger(),
        root: process.cwd(),
      });
      const response = await request(otherApp)
        .get('/api/diagnostic/system')
        .set('Authorization', `Bearer ${adminToken}`)
        .expect(200);
      expect(response.body.environment.app_url).toBe('https://edifier.example');
      expect(JSON.stringify(response.body)).not.toContain('hunter2');
    } finally {
      other.dispose();
    }
  });
});
