import { rmSync } from 'node:fs';
import path from 'node:path';
import type express from 'express';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { readReceipt } from '#server/features/submissions/submission-receipt';
import { refusedSubmissionDrafts } from '#server/features/submissions/refused-drafts';
import { submissionMessages } from '#shared/submission-rules';
import { silentLogger, testConfig, type TestConfig } from '../helpers/test-config';
import { testEngines, type TestDb } from '../helpers/test-db';
import {
  VALID_FIELDS,
  filesUnder,
  paddedPdf,
  pdfBytes,
  submit,
  type UploadFile,
} from './submission-fixtures';

/**
 * The submit form posted by a browser without JavaScript (product rules, Public site): Accept prefers
 * HTML, so every outcome is a 303 back to the form page with its outcome in the query,
 * while JSON clients keep their JSON answers.
 */

// What Chromium sends with a form navigation.
const BROWSER_ACCEPT =
  'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8';
const MB10 = 10_485_760;

/** What the page the browser is sent back to gives back (server/http/refused-drafts.ts): every typed field, never a file. */
function draftOf(location: string) {
  const token = new URL(location, 'http://site.test').searchParams.get('brouillon') ?? '';
  return refusedSubmissionDrafts.read(token);
}
/** The form's fields as a refused post keeps them: the attachments are never kept. */
const KEPT = { ...VALID_FIELDS, attachments: '' };

function postForm(
  app: express.Express,
  fields: Readonly<Record<string, string>>,
  files: readonly UploadFile[] = [],
) {
  const call = request(app).post('/api/submit-project').set('Accept', BROWSER_ACCEPT);
  for (const [name, value] of Object.entries(fields)) call.field(name, value);
  for (const file of files) call.attach('attachments[]', file.data, file.name);
  return call;
}

describe.each(testEngines())('project submission posted without JavaScript on $name', (engine) => {
  let db: TestDb;
  let env: TestConfig;
  let app: express.Express;
  let submissionsDir: string;

  const rowCount = async (table: string) => Number((await db.knex(table).count({ n: '*' }).first())?.n);

  beforeAll(async () => {
    db = await engine.open({ migrate: true });
    env = testConfig(db.database, { SUBMISSION_RATE_LIMIT: '1000' });
    app = createApp({ config: env.config, db: db.knex, logger: silentLogger(), root: process.cwd() });
    submissionsDir = path.join(env.storageDir, 'app', 'private', 'submissions');
  });
  afterEach(async () => {
    await db.knex('submission_attachments').del();
    await db.knex('project_submissions').del();
    rmSync(submissionsDir, { recursive: true, force: true });
  });
  afterAll(async () => {
    await db.cleanup();
    env.dispose();
  });

  it('stores a valid form with its file and answers 303 to /submit-project?envoi=ok with a signed receipt', async () => {
    const response = await postForm(app, VALID_FIELDS, [
      { name: 'Plan façade.pdf', data: pdfBytes() },
    ]).expect(303);
    const rows = await db.knex('project_submissions').select('id', 'project_title');
    const location = new URL(String(response.headers.location), 'http://site.test');
    expect(location.pathname).toBe('/submit-project');
    expect(location.searchParams.get('envoi')).toBe('ok');
    // `{id}.{expiry}.{mac}`: it names the stored request and nothing else.
    // The tracking link's token rides sealed between the expiry and the signature.
    expect(location.searchParams.get('recu')).toMatch(
      new RegExp(`^${rows[0]?.id}\\.\\d+\\.[\\w-]{70}\\.[\\w-]{32}$`),
    );
    expect(response.headers['cache-control']).toBe('no-store');
    expect(readReceipt(env.config.jwtSecret, location.searchParams.get('recu')!)).toBe(rows[0]?.id);
    expect(rows.map((row) => row.project_title)).toEqual([VALID_FIELDS.projectTitle]);
    const attachments = await db.knex('submission_attachments').select('original_name');
    expect(attachments.map((a) => a.original_name)).toEqual(['Plan façade.pdf']);
    expect(filesUnder(submissionsDir)).toHaveLength(1);
  });

  it('redirects a form with missing fields to the 422 outcome naming those fields, and stores nothing', async () => {
    const { firstName: _first, email: _email, ...rest } = VALID_FIELDS;
    const response = await postForm(app, { ...rest, budget: '' }).expect(303);
    const location = new URL(String(response.headers.location), 'http://site.test');
    expect(location.pathname).toBe('/submit-project');
    expect(location.searchParams.get('envoi')).toBe('erreur');
    expect(location.searchParams.get('statut')).toBe('422');
    expect(location.searchParams.get('champs')?.split(',').sort()).toEqual(['budget', 'email', 'firstName']);
    expect(await rowCount('project_submissions')).toBe(0);
  });

  it('redirects a file over 10 MB to the 413 outcome pointing at the attachments, and stores nothing', async () => {
    const response = await postForm(app, VALID_FIELDS, [
      { name: 'trop-gros.pdf', data: paddedPdf(MB10 + 1) },
    ]).expect(303);
    expect(response.headers.location).toMatch(
      /^\/submit-project\?envoi=erreur&statut=413&champs=attachments&brouillon=[\w-]{32}$/,
    );
    expect(await rowCount('project_submissions')).toBe(0);
    expect(filesUnder(submissionsDir)).toEqual([]);
  });

  describe('a refused post keeps every typed field, the message beside its field, and no file', () => {
    it('a field refused (422): the values as typed, each field’s first message', async () => {
      const typed = { ...VALID_FIELDS, firstName: '', email: 'awa@' };
      const response = await postForm(app, typed, [{ name: 'Plan.pdf', data: pdfBytes() }]).expect(303);
      const location = String(response.headers.location);
      expect(location).toMatch(/statut=422&champs=firstName%2Cemail&brouillon=/);
      // Nothing typed travels in the URL.
      expect(location).not.toContain('Fidjross');
      expect(draftOf(location)).toEqual({
        values: { ...KEPT, firstName: '', email: 'awa@' },
        errors: { firstName: submissionMessages.firstNameRequired, email: submissionMessages.emailInvalid },
      });
      expect(filesUnder(submissionsDir)).toEqual([]);
    });

    it('a file over 10 MB (413, refused as its bytes arrive): the fields, and the file named beside the attachments', async () => {
      const response = await postForm(app, VALID_FIELDS, [
        { name: 'trop-gros.pdf', data: paddedPdf(MB10 + 1) },
      ]).expect(303);
      expect(draftOf(String(response.headers.location))).toEqual({
        values: KEPT,
        errors: { attachments: submissionMessages.fileTooLarge('trop-gros.pdf') },
      });
    });

    it('a file of a refused type (422): the fields, and the file named beside the attachments', async () => {
      const response = await postForm(app, VALID_FIELDS, [
        { name: 'script.exe', data: Buffer.from('MZ not a plan') },
      ]).expect(303);
      expect(String(response.headers.location)).toMatch(/statut=422&champs=attachments&brouillon=/);
      expect(draftOf(String(response.headers.location))).toEqual({
        values: KEPT,
        errors: { attachments: submissionMessages.fileTypeRefused('script.exe') },
      });
      expect(await rowCount('project_submissions')).toBe(0);
    });

    it('eleven files (422): the fields, and the limit beside the attachments', async () => {
      const files = Array.from({ length: 11 }, (_, i) => ({ name: `plan-${i}.pdf`, data: pdfBytes() }));
      const response = await postForm(app, VALID_FIELDS, files).expect(303);
      expect(draftOf(String(response.headers.location))).toEqual({
        values: KEPT,
        errors: { attachments: submissionMessages.tooManyFiles },
      });
    });

    it('a body announced over 26 MB (413): the fields before the files are read, no byte of a file is stored', async () => {
      const response = await postForm(app, VALID_FIELDS, [
        { name: 'a.pdf', data: paddedPdf(MB10) },
        { name: 'b.pdf', data: paddedPdf(MB10) },
        { name: 'c.pdf', data: paddedPdf(MB10) },
      ]).expect(303);
      expect(String(response.headers.location)).toMatch(/statut=413&champs=attachments&brouillon=/);
      expect(draftOf(String(response.headers.location))).toEqual({
        values: KEPT,
        errors: { attachments: submissionMessages.totalTooLarge },
      });
      expect(await rowCount('project_submissions')).toBe(0);
      expect(filesUnder(submissionsDir)).toEqual([]);
      expect(filesUnder(path.join(env.storageDir, 'tmp'))).toEqual([]);
    });
  });

  it('a robot filling the hidden field gets the success redirect and nothing is stored', async () => {
    const response = await postForm(app, { ...VALID_FIELDS, website: 'https://spam.example' }).expect(303);
    expect(response.headers.location).toBe('/submit-project?envoi=ok');
    expect(await rowCount('project_submissions')).toBe(0);
  });

  it('JSON clients keep the JSON answers: 201 with the id, 422 with the errors map', async () => {
    const created = await submit(app, VALID_FIELDS).expect(201);
    expect(created.body).toMatchObject({ success: true, data: { id: expect.any(Number) } });
    const refused = await submit(app, { ...VALID_FIELDS, email: '' }).expect(422);
    expect(refused.body.errors).toHaveProperty('email');
    // No Accept header at all (curl, scripts) is a JSON client too.
    const bare = request(app).post('/api/submit-project');
    for (const [name, value] of Object.entries(VALID_FIELDS)) bare.field(name, value);
    await bare.expect(201).expect('Content-Type', /json/);
  });
});

describe('project submission posted without JavaScript, over the rate limit', () => {
  let env: TestConfig;
  let db: TestDb;
  let app: express.Express;

  beforeAll(async () => {
    db = await testEngines()[0]!.open({ migrate: true });
    env = testConfig(db.database, { SUBMISSION_RATE_LIMIT: '1' });
    app = createApp({ config: env.config, db: db.knex, logger: silentLogger(), root: process.cwd() });
  });
  afterAll(async () => {
    await db.cleanup();
    env.dispose();
  });

  it('redirects the second submission to the 429 outcome with Retry-After, and stores only the first', async () => {
    await postForm(app, VALID_FIELDS)
      .expect(303)
      .expect('Location', /^\/submit-project\?envoi=ok&recu=/);
    const refused = await postForm(app, VALID_FIELDS, [{ name: 'Plan.pdf', data: pdfBytes() }]).expect(303);
    expect(refused.headers.location).toMatch(
      /^\/submit-project\?envoi=erreur&statut=429&brouillon=[\w-]{32}$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number((await db.knex('project_submissions').count({ n: '*' }).first())?.n)).toBe(1);
    // What was typed comes back; the file was never stored.
    expect(draftOf(String(refused.headers.location))).toEqual({ values: KEPT, errors: {} });
    expect(filesUnder(path.join(env.storageDir, 'tmp'))).toEqual([]);
  });
});
