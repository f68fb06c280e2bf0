import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredUploads } from '#server/features/resumable-uploads';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { aSubmission } from '../helpers/builders';
import { startThrottledProxy } from '../helpers/throttled-proxy';
import { testEngines } from '../helpers/test-db';
import { paddedPdf, pdfBytes, pngBytes, VALID_FIELDS } from './submission-fixtures';

/**
 * /api/uploads, the tus 1.0 endpoint (docs/decisions/0045-resumable-uploads.md), driven by
 * tus-js-client in Node against the app on a real port, and the project request that
 * takes its uploads by `upload_ids[]`.
 */

const TUS = { 'Tus-Resumable': '1.0.0' };
const meta = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

function listen(api: ApiHarness): Promise<{ server: Server; base: string }> {
  return new Promise((resolve) => {
    const server = api.app.listen(0, '127.0.0.1', () => {
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
    });
  });
}

/** One upload with tus-js-client, to its end; answers its URL. */
function tusUpload(
  endpoint: string,
  data: Buffer,
  metadata: Record<string, string>,
  options: {
    onProgress?: (sent: number, upload: Upload) => void;
    onHeadOffset?: (offset: number) => void;
    uploadUrl?: string;
  } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const upload: Upload = new Upload(data, {
      endpoint,
      metadata,
      retryDelays: [50, 100, 200, 400, 800, 1600],
      ...(options.uploadUrl ? { uploadUrl: options.uploadUrl } : {}),
      onProgress: (sent) => options.onProgress?.(sent, upload),
      onAfterResponse: (req, res) => {
        if (req.getMethod() === 'HEAD') options.onHeadOffset?.(Number(res.getHeader('Upload-Offset')));
      },
      onError: reject,
      onSuccess: () => resolve(upload.url ?? ''),
    });
    upload.start();
  });
}

const idOf = (url: string) => url.split('/').pop() ?? '';

function tusFiles(api: ApiHarness): string[] {
  const dir = path.join(api.layout.root, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
}

describe.each(testEngines())('resumable uploads on $name', (engine) => {
  let api: ApiHarness;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    api = await openApiHarness(engine, { env: { SUBMISSION_RATE_LIMIT: '1000' } });
    ({ server, base } = await listen(api));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await api.cleanup();
  });

  it('advertises the protocol, its extensions and the largest size on OPTIONS', async () => {
    const res = await fetch(`${base}/api/uploads`, { method: 'OPTIONS' });
    expect(res.status).toBe(204);
    expect(res.headers.get('tus-resumable')).toBe('1.0.0');
    expect(res.headers.get('tus-version')).toContain('1.0.0');
    const extensions = (res.headers.get('tus-extension') ?? '').split(',');
    expect(extensions).toEqual(
      expect.arrayContaining(['creation', 'creation-with-upload', 'termination', 'expiration']),
    );
    expect(Number(res.headers.get('tus-max-size'))).toBe(10_485_760);
  });

  it('resumes an upload cut mid-way from the offset the server kept, byte-identical at the end', async () => {
    // About 16 MB/s: the 8 MB file takes half a second, long enough to be cut a third of the way.
    const proxy = await startThrottledProxy('127.0.0.1', Number(new URL(base).port), 16 * 1024 * 1024);
    const data = paddedPdf(8 * 1024 * 1024);
    data.write('fin du plan', data.length - 20);
    let cutAt: number | null = null;
    try {
      let uploadUrl = '';
      const finished = tusUpload(
        `http://127.0.0.1:${proxy.port}/api/uploads`,
        data,
        { filename: 'Plan façade.pdf', filetype: 'application/pdf', purpose: 'submission' },
        {
          onProgress: (_sent, upload) => {
            uploadUrl = upload.url ?? '';
          },
          // The client asks the server what it kept (HEAD) and goes on from there.
          onHeadOffset: (offset) => (kept = offset),
        },
      );
      let kept = -1;
      // The link drops once a third of the file went through it.
      const watch = setInterval(() => {
        if (cutAt !== null || proxy.forwarded < data.length / 3) return;
        cutAt = proxy.forwarded;
        proxy.cut();
      }, 2);
      const url = await finished.finally(() => clearInterval(watch));
      expect(uploadUrl).toBe(url);
      expect(cutAt).not.toBeNull();
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThan(data.length);
      const id = idOf(url);
      const stored = readFileSync(path.join(api.layout.root, 'uploads', id));
      expect(stored.equals(data)).toBe(true);
      const row = await api.db.knex('resumable_uploads').where({ upload_id: id }).first();
      expect(row).toMatchObject({ purpose: 'submission', file_name: 'Plan façade.pdf' });
    } finally {
      await proxy.close();
    }
  });

  it('answers 409 to a PATCH at the wrong offset', async () => {
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...TUS,
        'Upload-Length': '100',
        'Upload-Metadata': meta({ filename: 'a.pdf', purpose: 'submission' }),
      },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get('location') ?? '', `${base}/api/uploads/`).href;
    const patch = await fetch(location, {
      method: 'PATCH',
      headers: { ...TUS, 'Upload-Offset': '5', 'Content-Type': 'application/offset+octet-stream' },
      body: Buffer.from('%PDF-'),
    });
    expect(patch.status).toBe(409);
    const head = await fetch(location, { method: 'HEAD', headers: TUS });
    expect(head.headers.get('upload-offset')).toBe('0');
  });

  it('refuses at creation a file announced over its limit, before a byte is stored', async () => {
    const before = tusFiles(api);
    const res = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...TUS,
        'Upload-Length': String(10_485_760 + 1),
        'Upload-Metadata': meta({ filename: 'Gros plan.pdf', purpose: 'submission' }),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: Buffer.from('%PDF-1.4 quelques octets'),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { message: string }).message).toBe(
      'Le fichier "Gros plan.pdf" dépasse la limite de 10MB.',
    );
    expect(tusFiles(api)).toEqual(before);
  });

  it('refuses an upload without a known purpose, in French', async () => {
    const res = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...TUS,
        'Upload-Length': '10',
        'Upload-Metadata': meta({ filename: 'a.pdf', purpose: 'avatar' }),
      },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('précisez son usage');
  });

  it('deletes a finished upload whose bytes are not what its name says, and names it', async () => {
    const res = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...TUS,
        'Upload-Length': '11',
        'Upload-Metadata': meta({ filename: 'Devis.pdf', purpose: 'submission' }),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: Buffer.from('hello world'),
    });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain('Devis.pdf');
    const location = res.headers.get('location');
    const id = location ? idOf(location) : null;
    if (id) expect(existsSync(path.join(api.layout.root, 'uploads', id))).toBe(false);
    expect(await api.db.knex('resumable_uploads').where({ file_name: 'Devis.pdf' })).toEqual([]);
  });

  it('sweeps unfinished uploads past UPLOAD_EXPIRY_HOURS with their bytes', async () => {
    const created = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...TUS,
        'Upload-Length': '100',
        'Upload-Metadata': meta({ filename: 'b.pdf', purpose: 'submission' }),
      },
    });
    const id = idOf(created.headers.get('location') ?? '');
    expect(existsSync(path.join(api.layout.root, 'uploads', id))).toBe(true);
    // Nothing is past the real expiry (24 hours)…
    await sweepExpiredUploads({ config: api.env.config, db: api.db.knex });
    expect(existsSync(path.join(api.layout.root, 'uploads', id))).toBe(true);
    // …and everything is past one of 50 ms.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const swept = await sweepExpiredUploads({
      config: { ...api.env.config, uploadExpiryHours: 0.05 / 3600 },
      db: api.db.knex,
    });
    expect(swept).toBeGreaterThanOrEqual(1);
    expect(existsSync(path.join(api.layout.root, 'uploads', id))).toBe(false);
    const head = await fetch(`${base}/api/uploads/${id}`, { method: 'HEAD', headers: TUS });
    expect([404, 410]).toContain(head.status);
  });

  it('asks a site update photo for a staff token allowed to post site updates', async () => {
    const create = (token?: string) =>
      fetch(`${base}/api/uploads`, {
        method: 'POST',
        headers: {
          ...TUS,
          'Upload-Length': '100',
          'Upload-Metadata': meta({ filename: 'chantier.png', purpose: 'site_update' }),
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
      });
    expect((await create()).status).toBe(401);
    expect((await create(await api.tokenFor('commercial'))).status).toBe(403);
    expect((await create(await api.tokenFor('chantier'))).status).toBe(201);
  });

  it('refuses a cross-site creation', async () => {
    const res = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: {
        ...TUS,
        'Upload-Length': '100',
        'Upload-Metadata': meta({ filename: 'a.pdf', purpose: 'submission' }),
        Origin: 'https://ailleurs.example',
        'Sec-Fetch-Site': 'cross-site',
      },
    });
    expect(res.status).toBe(403);
  });

  it('takes finished uploads into a project request, once', async () => {
    const endpoint = `${base}/api/uploads`;
    const pdf = pdfBytes();
    const png = await pngBytes();
    const ids = [
      idOf(await tusUpload(endpoint, pdf, { filename: 'Plan façade.pdf', purpose: 'submission' })),
      idOf(await tusUpload(endpoint, png, { filename: 'Terrain.png', purpose: 'submission' })),
    ];
    const post = () => {
      const req = request(api.app).post('/api/submit-project').set('Accept', 'application/json');
      for (const [key, value] of Object.entries(VALID_FIELDS)) void req.field(key, value);
      for (const id of ids) void req.field('upload_ids[]', id);
      return req;
    };
    const res = await post();
    expect(res.status).toBe(201);
    const submissionId = (res.body as { data: { id: number } }).data.id;
    const rows = (await api.db
      .knex('submission_attachments')
      .where({ submission_id: submissionId })
      .orderBy('id')) as Array<{ original_name: string; stored_name: string; size: number }>;
    expect(rows.map((row) => row.original_name)).toEqual(['Plan façade.pdf', 'Terrain.png']);
    const onDisk = rows.map((row) =>
      readFileSync(path.join(api.layout.submissionDir(submissionId), row.stored_name)),
    );
    expect(onDisk[0]?.equals(pdf)).toBe(true);
    expect(onDisk[1]?.equals(png)).toBe(true);
    // The bytes left the tus store: the request holds them now.
    for (const id of ids) expect(existsSync(path.join(api.layout.root, 'uploads', id))).toBe(false);

    const again = await post();
    expect(again.status).toBe(422);
    expect((again.body as { errors: Record<string, string[]> }).errors.upload_ids).toContain(
      'Le fichier "Plan façade.pdf" a déjà été joint à une autre demande : envoyez-le à nouveau.',
    );
  });

  it('takes a finished photo upload into a site update, by a site manager', async () => {
    const token = await api.tokenFor('chantier');
    const photo = await pngBytes();
    const endpoint = `${base}/api/uploads`;
    const id = await new Promise<string>((resolve, reject) => {
      const upload: Upload = new Upload(photo, {
        endpoint,
        metadata: { filename: 'Chantier.png', purpose: 'site_update' },
        headers: { Authorization: `Bearer ${token}` },
        onError: reject,
        onSuccess: () => resolve(idOf(upload.url ?? '')),
      });
      upload.start();
    });
    const submission = await aSubmission(api.db, { status: 'approved', reference: null });
    const post = () =>
      request(api.app)
        .post(`/api/admin/project-submissions/${submission.id}/updates`)
        .set('Authorization', `Bearer ${token}`)
        .field('date', '2026-11-20')
        .field('phase', 'elevation')
        .field('progress', '45')
        .field('text', 'Les murs du rez-de-chaussée sont montés.')
        .field('upload_ids[]', id);
    const res = await post();
    expect(res.status).toBe(201);
    const photos = await api.db
      .knex('site_update_photos')
      .join('site_updates', 'site_updates.id', 'site_update_photos.update_id')
      .where('site_updates.submission_id', submission.id);
    expect(photos).toHaveLength(1);
    expect(readdirSync(api.layout.siteDir(submission.id)).length).toBeGreaterThan(0);
    expect((await post()).status).toBe(422);
  });

  it('answers a queued site update sent again with its client id by the stored update, though its upload was used', async () => {
    const token = await api.tokenFor('chantier');
    const id = await new Promise<string>((resolve, reject) => {
      void pngBytes().then((photo) => {
        const upload: Upload = new Upload(photo, {
          endpoint: `${base}/api/uploads`,
          metadata: { filename: 'Dalle.png', purpose: 'site_update' },
          headers: { Authorization: `Bearer ${token}` },
          onError: reject,
          onSuccess: () => resolve(idOf(upload.url ?? '')),
        });
        upload.start();
      }, reject);
    });
    const submission = await aSubmission(api.db, { status: 'approved', reference: null });
    const clientId = '0f8c1f7e-4b0a-4c55-9d1e-2a7d3c9b6e01';
    const post = () =>
      request(api.app)
        .post(`/api/admin/project-submissions/${submission.id}/updates`)
        .set('Authorization', `Bearer ${token}`)
        .field('client_id', clientId)
        .field('date', '2026-11-21')
        .field('phase', 'elevation')
        .field('progress', '50')
        .field('text', 'La dalle est coulée.')
        .field('upload_ids[]', id);
    const first = await post();
    expect(first.status).toBe(201);
    // The answer to the first send was lost: the phone sends the same entry again.
    const again = await post();
    expect(again.status).toBe(201);
    expect((again.body as { data: { id: number } }).data.id).toBe(
      (first.body as { data: { id: number } }).data.id,
    );
    const rows = await api.db.knex('site_updates').where({ client_id: clientId });
    expect(rows).toHaveLength(1);
    const photos = await api.db.knex('site_update_photos').where({ update_id: rows[0].id });
    expect(photos).toHaveLength(1);
  });
});
