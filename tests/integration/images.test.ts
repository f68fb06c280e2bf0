import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, imageVariants } from '#shared/image-variants';
import { publicStorageRoutes } from '#server/features/images/images.routes';
import { errorHandler } from '#server/http/error-handler';
import { processImage } from '#server/images/pipeline';
import type { StorageLayout } from '#server/storage/layout';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { jpeg, png, pngClaiming } from '../helpers/images';
import { testEngines } from '../helpers/test-db';

/**
 * Image serving and upload on every engine (product rules, API; product rules, Security:
 * uploads judged by their bytes, every path taken from a URL resolved inside its storage
 * root or refused with 404).
 */

// Written out, not imported: a changed message must fail here.
const NOT_FOUND = { message: 'Image introuvable.' };
const TOO_LARGE = "L'image est trop volumineuse. La taille maximale est de 2MB.";
const NOT_AN_IMAGE = 'Le fichier doit être une image (JPEG, PNG, etc.)';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const TWO_MB = 2 * 1024 * 1024;

const picture = (width = 900, height = 600) => jpeg({ width, height });
const transparentPng = () => png({ width: 64, height: 64, color: { r: 0, g: 80, b: 160 }, alpha: 0.5 });

/** Paths that would reach storage/app/private/submissions/plan.jpg or storage/secret.png. */
const escapes = [
  '../private/submissions/plan.jpg',
  '../../secret.png',
  '%2e%2e/private/submissions/plan.jpg',
  '%2E%2E/%2E%2E/secret.png',
  '%2e%2e%2fprivate%2fsubmissions%2fplan.jpg',
  '..%2f..%2fsecret.png',
  '%252e%252e/private/submissions/plan.jpg',
  '%252e%252e%252f%252e%252e%252fsecret.png',
  '..%5c..%5csecret.png',
  '%5c..%5c..%5csecret.png',
  'products/%2e%2e/%2e%2e/private/submissions/plan.jpg',
  '.%2e/.%2e/secret.png',
  '%c0%ae%c0%ae/%c0%ae%c0%ae/secret.png', // overlong UTF-8 dots: not even decodable
  '%E0%A4%A/secret.png',
  'products/..%00/secret.png',
  '..%2fprivate%2fsubmissions%2fplan.jpg%00.png',
  '%2fetc%2fpasswd',
  '/etc/passwd',
  'app/private/submissions/plan.jpg',
  'C:%5cWindows%5cwin.ini',
];

/** A GET or HEAD sent byte for byte as written: supertest would normalise `\` into `/`. */
function rawRequest(
  server: Server,
  method: 'GET' | 'HEAD',
  rawPath: string,
): Promise<{ status: number; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: rawPath }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(testEngines())('images on $name', (engine) => {
  let api: ApiHarness;
  let app: express.Express;
  let layout: StorageLayout;
  let adminToken: string;
  let editorToken: string;
  /** A JPEG stored by the pipeline in products/, and a transparent PNG in misc/. */
  let photo: string;
  let logo: string;
  const secret = { private: '', outside: '' };

  const filesIn = (dir: string) => (existsSync(dir) ? readdirSync(dir).sort() : []);
  const bytesOf = (relPath: string) => readFileSync(path.join(layout.publicDir, relPath));

  /** The temp folder empties when the response closes (server/http/uploads.ts): wait for it. */
  async function tmpSettled(): Promise<string[]> {
    for (let i = 0; i < 50 && filesIn(layout.tmpDir).length > 0; i++)
      await new Promise((r) => setTimeout(r, 20));
    return filesIn(layout.tmpDir);
  }

  beforeAll(async () => {
    api = await openApiHarness(engine);
    ({ app, layout, adminToken, editorToken } = api);
    photo = (await processImage(await picture(), 'products', layout)).path;
    logo = (await processImage(await transparentPng(), 'misc', layout)).path;
    // Real images outside the public folder: what a traversal would be after.
    mkdirSync(layout.submissionsDir, { recursive: true });
    secret.private = path.join(layout.submissionsDir, 'plan.jpg');
    secret.outside = path.join(layout.root, 'secret.png');
    writeFileSync(secret.private, await picture(40, 40));
    writeFileSync(secret.outside, await transparentPng());
  });
  afterAll(() => api.cleanup());

  describe('serving', () => {
    it('serves a stored JPEG with its real type, nosniff, a year of caching and validators', async () => {
      const response = await request(app).get(`/api/images/${photo}`).expect(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers.etag).toMatch(/^W?\/?"/);
      expect(new Date(response.headers['last-modified']!).getTime()).toBeGreaterThan(0);
      expect(Buffer.compare(response.body as Buffer, bytesOf(photo))).toBe(0);
    });

    it('answers a conditional GET with 304 and no body', async () => {
      const first = await request(app).get(`/api/serve-image/${photo}`).expect(200);
      const again = await request(app)
        .get(`/api/serve-image/${photo}`)
        .set('If-None-Match', first.headers.etag!)
        .expect(304);
      expect(again.text ?? '').toBe('');
    });

    it('reaches the same file through every URL shape the product rules builds', async () => {
      const [kind, name] = photo.split('/') as [string, string];
      const urls = [
        `/api/serve-image/${photo}`,
        `/api/serve-image/storage/${photo}`, // a stored path that still starts with storage/
        `/api/images/${photo}`,
        `/api/images/images/${photo}`, // the resolver's extra images/ segment (product rules, Entities)
        `/api/images/storage/${photo}`,
        `/api/images/${kind}/${name}`, // {type}/{path}
        `/api/images/${kind}/${photo}`, // {type} repeated by a stored path that holds it
        `/api/images/misc/${photo}`, // the client's guessed type, 'misc' when it cannot tell
      ];
      for (const url of urls) {
        const response = await request(app).get(url);
        expect(response.status, url).toBe(200);
        expect(response.headers['content-type'], url).toBe('image/jpeg');
        expect(Buffer.compare(response.body as Buffer, bytesOf(photo)), url).toBe(0);
      }
    });

    it('gives PNG and WebP files their own content type', async () => {
      expect(logo).toMatch(/\.png$/);
      const png = await request(app).get(`/api/images/${logo}`).expect(200);
      expect(png.headers['content-type']).toBe('image/png');
      for (const variant of imageVariants(photo)) {
        const webp = await request(app).get(`/api/images/${variant.path}`).expect(200);
        expect(webp.headers['content-type']).toBe('image/webp');
      }
    });

    it('takes the content type from the bytes, not from the name', async () => {
      copyFileSync(path.join(layout.publicDir, logo), path.join(layout.imageDir('misc'), 'renamed.jpg'));
      const response = await request(app).get('/api/images/misc/renamed.jpg').expect(200);
      expect(response.headers['content-type']).toBe('image/png');
    });

    it('answers HEAD on every image endpoint with the image type, its length and no body', async () => {
      const size = statSync(path.join(layout.publicDir, photo)).size;
      for (const url of [
        `/api/serve-image/${photo}`,
        `/api/images/${photo}`,
        `/api/images/images/${photo}`,
        `/storage/${photo}`,
      ]) {
        const response = await request(app).head(url);
        expect(response.status, url).toBe(200);
        expect(response.headers['content-type'], url).toBe('image/jpeg');
        expect(response.headers['content-length'], url).toBe(String(size));
        expect(response.headers['cache-control'], url).toBe(IMMUTABLE);
        expect(response.headers['x-content-type-options'], url).toBe('nosniff');
        expect(response.text ?? '', url).toBe('');
      }
      const png = await request(app).head(`/storage/${logo}`).expect(200);
      expect(png.headers['content-type']).toBe('image/png');
      const webp = await request(app)
        .head(`/storage/${imageVariants(logo)[0]!.path}`)
        .expect(200);
      expect(webp.headers['content-type']).toBe('image/webp');
    });

    it('answers 404 in French for an absent image, on GET and HEAD', async () => {
      const response = await request(app).get('/api/images/products/absent.jpg').expect(404);
      expect(response.body).toEqual(NOT_FOUND);
      await request(app).head('/api/serve-image/products/absent.jpg').expect(404);
    });

    it('refuses a file that is not an image, even under an image name', async () => {
      writeFileSync(path.join(layout.imageDir('misc'), 'notes.jpg'), 'pas une image');
      writeFileSync(path.join(layout.imageDir('misc'), 'notes.txt'), 'pas une image');
      writeFileSync(
        path.join(layout.imageDir('misc'), 'drawing.svg'),
        '<svg xmlns="http://www.w3.org/2000/svg"/>',
      );
      for (const url of [
        '/api/images/misc/notes.jpg',
        '/api/images/misc/notes.txt',
        '/api/serve-image/misc/drawing.svg',
      ]) {
        const response = await request(app).get(url);
        expect(response.status, url).toBe(404);
        expect(response.body, url).toEqual(NOT_FOUND);
      }
    });

    it('never serves the pipeline temporary files or other dot files', async () => {
      const hidden = path.join(layout.imageDir('misc'), '.pending.jpg');
      copyFileSync(path.join(layout.publicDir, photo), hidden);
      await request(app).get('/api/images/misc/.pending.jpg').expect(404);
      await request(app).get('/storage/misc/.pending.jpg').expect(404);
    });
  });

  describe('paths that leave the public folder', () => {
    // Targets: storage/app/private/submissions/plan.jpg and storage/secret.png, both real images.
    const prefixes = [
      '/api/serve-image/',
      '/api/images/',
      '/api/images/misc/',
      '/api/images/images/',
      '/storage/',
    ];

    it.each(prefixes)('answers 404 for every encoded traversal under %s, on GET and HEAD', async (prefix) => {
      for (const escape of escapes) {
        const url = `${prefix}${escape}`;
        const get = await request(app).get(url);
        expect(get.status, url).toBe(404);
        expect(get.body, url).toEqual(NOT_FOUND);
        expect(get.headers['content-type'], url).toMatch(/application\/json/);
        const head = await request(app).head(url);
        expect(head.status, url).toBe(404);
      }
    });

    it('answers 404 for raw backslashes and dot segments sent byte for byte', async () => {
      const server = app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        for (const prefix of prefixes) {
          for (const escape of [
            '..\\..\\secret.png',
            '..\\private\\submissions\\plan.jpg',
            '../../secret.png',
            './../../secret.png',
          ]) {
            const url = `${prefix}${escape}`;
            for (const method of ['GET', 'HEAD'] as const) {
              const response = await rawRequest(server, method, url);
              expect(response.status, `${method} ${url}`).toBe(404);
              expect(response.body, url).not.toContain('PNG');
            }
          }
        }
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });

    it('refuses a symbolic link that leads out of the public folder, file or folder', async () => {
      symlinkSync(secret.private, path.join(layout.imageDir('misc'), 'link-to-private.jpg'));
      symlinkSync(layout.root, path.join(layout.imageDir('misc'), 'storage-root'));
      for (const prefix of ['/api/serve-image/', '/api/images/']) {
        for (const target of [
          'misc/link-to-private.jpg',
          'misc/storage-root/secret.png',
          'misc/storage-root/app/private/submissions/plan.jpg',
        ]) {
          const response = await request(app).get(`${prefix}${target}`);
          expect(response.status, `${prefix}${target}`).toBe(404);
          expect(response.body).toEqual(NOT_FOUND);
        }
      }
    });

    it('still serves a symbolic link that stays inside the public folder', async () => {
      symlinkSync(path.join(layout.publicDir, photo), path.join(layout.imageDir('bien'), 'alias.jpg'));
      const response = await request(app).get('/api/images/bien/alias.jpg').expect(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
    });
  });

  describe('publicStorageRoutes, the checked /storage for the app to mount', () => {
    let storageApp: express.Express;
    beforeAll(() => {
      storageApp = express();
      storageApp.use(publicStorageRoutes(layout));
      storageApp.use(errorHandler);
    });

    it('serves a stored image at /storage/{path} with its type, caching and HEAD', async () => {
      const response = await request(storageApp).get(`/storage/${photo}`).expect(200);
      expect(response.headers['content-type']).toBe('image/jpeg');
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(Buffer.compare(response.body as Buffer, bytesOf(photo))).toBe(0);
      const head = await request(storageApp).head(`/storage/${logo}`).expect(200);
      expect(head.headers['content-type']).toBe('image/png');
    });

    it('refuses every encoded traversal and a symbolic link out of the public folder', async () => {
      const link = path.join(layout.imageDir('fleet'), 'leak.jpg');
      symlinkSync(secret.private, link);
      for (const escape of [...escapes, 'fleet/leak.jpg']) {
        const response = await request(storageApp).get(`/storage/${escape}`);
        expect(response.status, escape).toBe(404);
        expect(response.body, escape).toEqual(NOT_FOUND);
      }
    });
  });

  describe('upload', () => {
    it('refuses an upload without a token (401) or from a non-administrator (403), keeping nothing', async () => {
      const before = filesIn(layout.imageDir('misc'));
      const anonymous = await request(app)
        .post('/api/upload-image')
        .attach('image', await picture(), 'photo.jpg')
        .catch((e) => e.response);
      expect(anonymous.status).toBe(401);
      const editor = await request(app)
        .post('/api/upload-image')
        .set('Authorization', `Bearer ${editorToken}`)
        .attach('image', await picture(), 'photo.jpg')
        .catch((e) => e.response);
      expect(editor.status).toBe(403);
      expect(filesIn(layout.imageDir('misc'))).toEqual(before);
      expect(await tmpSettled()).toEqual([]);
    });

    it('stores an administrator upload in the kind folder with its variants and answers path and url', async () => {
      const response = await request(app)
        .post('/api/upload-image')
        .set('Authorization', `Bearer ${adminToken}`)
        .field('type', 'parcelle')
        .attach('image', await picture(2000, 1000), 'Terrain Calavi.jpg')
        .expect(201);
      expect(Object.keys(response.body).sort()).toEqual(['path', 'url']);
      expect(response.body.path).toMatch(/^parcelle\/[A-Za-z0-9_-]+\.jpg$/);
      expect(response.body.path).not.toContain('Calavi');
      expect(response.body.url).toBe(`/storage/${response.body.path}`);
      const name = path.basename(response.body.path as string, '.jpg');
      expect(filesIn(layout.imageDir('parcelle'))).toEqual(
        [`${name}.jpg`, ...IMAGE_WIDTHS.map((w) => `${name}-${w}.webp`)].sort(),
      );
      expect((await sharp(bytesOf(response.body.path)).metadata()).width).toBe(1280);
      expect(await tmpSettled()).toEqual([]);

      const viaStorage = await request(app).head(response.body.url).expect(200);
      expect(viaStorage.headers['content-type']).toBe('image/jpeg');
      const viaApi = await request(app).get(`/api/images/${response.body.path}`).expect(200);
      expect(viaApi.headers['content-type']).toBe('image/jpeg');
    });

    it("stores an upload without a type in 'misc'", async () => {
      const response = await request(app)
        .post('/api/upload-image')
        .set('Authorization', `Bearer ${adminToken}`)
        .attach('image', await transparentPng(), 'logo.png')
        .expect(201);
      expect(response.body.path).toMatch(/^misc\/[A-Za-z0-9_-]+\.png$/);
      expect(existsSync(path.join(layout.publicDir, response.body.path))).toBe(true);
    });

    it('refuses an unknown type with 422 and writes nothing', async () => {
      const before = filesIn(layout.imageDir('misc'));
      const response = await request(app)
        .post('/api/upload-image')
        .set('Authorization', `Bearer ${adminToken}`)
        .field('type', '../private')
        .attach('image', await picture(), 'photo.jpg')
        .expect(422);
      expect(response.body.message).toBe('Erreur de validation');
      expect(response.body.errors.type[0]).toMatch(/^Type d'image inconnu\./);
      expect(filesIn(layout.imageDir('misc'))).toEqual(before);
      expect(filesIn(layout.privateDir)).toEqual(['sites', 'submissions']);
      expect(await tmpSettled()).toEqual([]);
    });

    it('refuses a text file sent as image/jpeg with 422 and the product rules message, writing nothing', async () => {
      const before = filesIn(layout.imageDir('misc'));
      const response = await request(app)
        .post('/api/upload-image')
        .set('Authorization', `Bearer ${adminToken}`)
        .attach('image', Buffer.from('ceci est un texte'), {
          filename: 'photo.jpg',
          contentType: 'image/jpeg',
        })
        .expect(422);
      expect(response.body).toEqual({ message: NOT_AN_IMAGE, errors: { image: [NOT_AN_IMAGE] } });
      expect(filesIn(layout.imageDir('misc'))).toEqual(before);
      expect(await tmpSettled()).toEqual([]);
    });

    it('refuses a PNG claiming 50 000 x 50 000 pixels with 422 before decoding it', async () => {
      // Product rules, API.
      const response = await request(app)
        .post('/api/upload-image')
        .set('Authorization', `Bearer ${adminToken}`)
        .attach('image', pngClaiming(50_000, 50_000), 'huge.png')
        .expect(422);
      const message = "L'image est trop grande : 40 mégapixels au maximum.";
      expect(response.body).toEqual({ message, errors: { image: [message] } });
    });

    it('refuses 2 MB + 1 byte with 413 and the product rules message, keeping nothing', async () => {
      const before = filesIn(layout.imageDir('misc'));
      const big = Buffer.alloc(TWO_MB + 1, 0x41);
      (await picture()).copy(big); // JPEG bytes first: only the size is wrong
      const response = await request(app)
        .post('/api/upload-image')
        .set('Authorization', `Bearer ${adminToken}`)
        .attach('image', big, 'big.jpg')
        .expect(413);
      expect(response.body).toEqual({ message: TOO_LARGE });
      expect(filesIn(layout.imageDir('misc'))).toEqual(before);
      expect(await tmpSettled()).toEqual([]);
    });

    it("answers 'Une image est requise.' when no file is sent", async () => {
      const response = await request(app)
        .post('/api/upload-image')
        .set('Authorization', `Bearer ${adminToken}`)
        .field('type', 'bien')
        .expect(422);
      expect(response.body).toEqual({
        message: 'Une image est requise.',
        errors: { image: ['Une image est requise.'] },
      });
    });

    it('refuses two images in one upload with 422', async () => {
      const response = await request(app)
        .post('/api/upload-image')
        .set('Authorization', `Bearer ${adminToken}`)
        .attach('image', await picture(), 'a.jpg')
        .attach('image', await picture(), 'b.jpg')
        .expect(422);
      expect(response.body.errors.image).toEqual(['Une seule image par envoi.']);
      expect(await tmpSettled()).toEqual([]);
    });
  });
});
