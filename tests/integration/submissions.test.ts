import { mkdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type express from 'express';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { silentLogger, testConfig, type TestConfig } from '../helpers/test-config';
import { testEngines, type TestDb } from '../helpers/test-db';
import {
  VALID_FIELDS,
  docBytes,
  docxBytes,
  dwgBytes,
  filesUnder,
  jpegBytes,
  paddedPdf,
  pdfBytes,
  pngBytes,
  submit,
  zipBytes,
} from './submission-fixtures';

/**
 * POST /api/submit-project on every engine (product rules, API; product rules, Entities, Validation and Messages and errors;
 * product rules, Security). Each refusal is checked on the answer and on
 * what it left: no row, no attachment row, no file under storage/app/private, nothing in
 * storage/tmp.
 */

// Written out rather than imported from shared/schemas/submission.ts: a typo there must fail here.
const MESSAGES = {
  submitted: 'Projet soumis avec succès !',
  fileTooLarge: (name: string) => `Le fichier "${name}" dépasse la limite de 10MB.`,
  totalTooLarge: 'La taille totale des fichiers dépasse la limite de 25MB.',
  tooManyFiles: 'Vous pouvez joindre au maximum 10 fichiers.',
};
const MB10 = 10_485_760;

describe.each(testEngines())('project submission on $name', (engine) => {
  let db: TestDb;
  let env: TestConfig;
  let app: express.Express;
  let tmpDir: string;
  let submissionsDir: string;

  const rowCount = async (table: string) => Number((await db.knex(table).count({ n: '*' }).first())?.n);

  /** Nothing stored, nothing left behind. */
  async function expectNothingStored(): Promise<void> {
    expect(await rowCount('project_submissions')).toBe(0);
    expect(await rowCount('submission_attachments')).toBe(0);
    expect(filesUnder(submissionsDir)).toEqual([]);
    expect(filesUnder(tmpDir)).toEqual([]);
  }

  beforeAll(async () => {
    db = await engine.open({ migrate: true });
    // The per-client limit is raised here: every test comes from the same address.
    env = testConfig(db.database, { SUBMISSION_RATE_LIMIT: '1000' });
    app = createApp({ config: env.config, db: db.knex, logger: silentLogger(), root: process.cwd() });
    tmpDir = path.join(env.storageDir, 'tmp');
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

  describe('accepted submissions', () => {
    it('stores the row, two attachment rows and both files, without a token, and leaves storage/tmp empty', async () => {
      const plan = pdfBytes();
      const photo = await jpegBytes();
      const response = await submit(app, VALID_FIELDS, [
        { name: 'Plan façade.pdf', data: plan },
        { name: 'terrain.JPG', data: photo },
      ]).expect(201);
      expect(response.body).toEqual({
        success: true,
        message: MESSAGES.submitted,
        reference: expect.stringMatching(/^EDF-\d{4}-\d{5}$/),
        tracking_url: expect.stringMatching(/^http:\/\/site\.test\/suivi\/[\w-]{32}$/),
        data: {
          id: expect.any(Number),
          reference: response.body.reference,
          tracking_url: response.body.tracking_url,
        },
      });
      const id = response.body.data.id as number;

      const row = await db.knex('project_submissions').where({ id }).first();
      expect(row).toMatchObject({
        first_name: 'Awa',
        last_name: 'Houénou',
        email: 'awa.houenou@example.bj',
        phone: '+229 01 97 12 34 56',
        company: 'Houénou Conseil',
        project_title: 'Villa R+1 à Fidjrossè',
        project_type: 'Construction résidentielle',
        location: 'Cotonou, Fidjrossè',
        budget: '25M - 50M FCFA',
        status: 'new',
        admin_notes: null,
        contact_method: null,
      });
      // dd/mm/yyyy is read as day/month/year.
      expect(String(row.start_date).slice(0, 10)).toBe('2027-03-15');

      const attachments = await db.knex('submission_attachments').where({ submission_id: id }).orderBy('id');
      expect(attachments.map((a) => [a.original_name, a.mime_type, Number(a.size)])).toEqual([
        ['Plan façade.pdf', 'application/pdf', plan.length],
        ['terrain.JPG', 'image/jpeg', photo.length],
      ]);
      // Server-generated names, under the submission's private folder, with the original bytes.
      expect(attachments[0].stored_name).toMatch(/^[a-z0-9]{24}\.pdf$/);
      expect(attachments[1].stored_name).toMatch(/^[a-z0-9]{24}\.jpg$/);
      expect(filesUnder(submissionsDir)).toEqual(
        attachments.map((a) => path.join(String(id), a.stored_name)).sort(),
      );
      expect(
        readFileSync(path.join(submissionsDir, String(id), attachments[0].stored_name)).equals(plan),
      ).toBe(true);
      expect(
        readFileSync(path.join(submissionsDir, String(id), attachments[1].stored_name)).equals(photo),
      ).toBe(true);
      expect(filesUnder(tmpDir)).toEqual([]);
      // Private: nothing under the public storage folder.
      expect(
        filesUnder(path.join(env.storageDir, 'app', 'public')).filter((f) => !f.endsWith('.gitkeep')),
      ).toEqual([]);
    });

    it('accepts every kind the product rules list when the bytes match the extension', async () => {
      const files = [
        { name: 'devis.pdf', data: pdfBytes() },
        { name: 'cahier des charges.doc', data: docBytes() },
        { name: 'mémoire.docx', data: await docxBytes() },
        { name: 'photo.jpeg', data: await jpegBytes() },
        { name: 'vue.png', data: await pngBytes() },
        { name: 'plan masse.dwg', data: dwgBytes() },
      ];
      const response = await submit(app, VALID_FIELDS, files).expect(201);
      const rows = await db
        .knex('submission_attachments')
        .where({ submission_id: response.body.data.id })
        .orderBy('id');
      expect(rows.map((r) => [r.original_name, r.mime_type])).toEqual([
        ['devis.pdf', 'application/pdf'],
        ['cahier des charges.doc', 'application/msword'],
        ['mémoire.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
        ['photo.jpeg', 'image/jpeg'],
        ['vue.png', 'image/png'],
        ['plan masse.dwg', 'image/vnd.dwg'],
      ]);
      expect(filesUnder(tmpDir)).toEqual([]);
    });

    it('accepts a submission without attachments or optional fields, and ISO start dates', async () => {
      const { company: _c, startDate: _s, ...required } = VALID_FIELDS;
      const bare = await submit(app, required).expect(201);
      const row = await db.knex('project_submissions').where({ id: bare.body.data.id }).first();
      expect(row.company).toBeNull();
      expect(row.start_date).toBeNull();
      expect(filesUnder(submissionsDir)).toEqual([]);

      const iso = await submit(app, { ...VALID_FIELDS, startDate: '2027-01-05', company: '' }).expect(201);
      const isoRow = await db.knex('project_submissions').where({ id: iso.body.data.id }).first();
      expect(String(isoRow.start_date).slice(0, 10)).toBe('2027-01-05');
      expect(isoRow.company).toBeNull();
    });

    it('accepts exactly 10 MB for one file and exactly 10 files', async () => {
      await submit(app, VALID_FIELDS, [{ name: 'limite.pdf', data: paddedPdf(MB10) }]).expect(201);
      const ten = Array.from({ length: 10 }, (_, i) => ({
        name: `page-${i + 1}.pdf`,
        data: pdfBytes(`Page ${i + 1}`),
      }));
      const response = await submit(app, VALID_FIELDS, ten).expect(201);
      expect(
        await db
          .knex('submission_attachments')
          .where({ submission_id: response.body.data.id })
          .count({ n: '*' })
          .first(),
      ).toEqual({
        n: 10,
      });
      expect(filesUnder(tmpDir)).toEqual([]);
    });

    it('ignores unknown fields instead of writing them', async () => {
      const response = await submit(app, {
        ...VALID_FIELDS,
        status: 'approved',
        admin_notes: 'pirate',
        id: '999',
      }).expect(201);
      const row = await db.knex('project_submissions').where({ id: response.body.data.id }).first();
      expect(row.status).toBe('new');
      expect(row.admin_notes).toBeNull();
      expect(Number(row.id)).not.toBe(999);
    });
  });

  describe('refused submissions keep nothing', () => {
    it('names every missing required field in French (422)', async () => {
      const response = await submit(app, {}).expect(422);
      expect(response.body.message).toBe('Erreur de validation');
      expect(response.body.errors).toEqual({
        firstName: ['Le prénom est requis'],
        lastName: ['Le nom est requis'],
        email: ["L'email est requis"],
        phone: ['Le téléphone est requis'],
        projectTitle: ['Le titre du projet est requis'],
        projectType: ['Le type de projet est requis'],
        location: ['La localisation est requise'],
        budget: ['Le budget est requis'],
        description: ['La description est requise'],
      });
      await expectNothingStored();
    });

    it('refuses a bad e-mail, an unknown project type or budget and an impossible date', async () => {
      const response = await submit(app, {
        ...VALID_FIELDS,
        email: 'awa@',
        projectType: 'Piscine',
        budget: '1 milliard',
        startDate: '31/02/2027',
        phone: 'appelez-moi',
      }).expect(422);
      expect(response.body.errors.email).toEqual(['Adresse email invalide']);
      expect(response.body.errors.projectType[0]).toMatch(/^Type de projet invalide/);
      expect(response.body.errors.budget[0]).toMatch(/^Budget invalide/);
      expect(response.body.errors.startDate).toEqual([
        'La date de début est invalide (AAAA-MM-JJ ou JJ/MM/AAAA)',
      ]);
      expect(response.body.errors.phone).toEqual(['Numéro de téléphone invalide']);
      await expectNothingStored();
    });

    it('refuses a file of 10 MB + 1 byte with 413 naming it, and keeps nothing', async () => {
      const response = await submit(app, VALID_FIELDS, [
        { name: 'petit.pdf', data: pdfBytes() },
        { name: 'Relevé topographique.pdf', data: paddedPdf(MB10 + 1) },
      ]).expect(413);
      expect(response.body).toEqual({ message: MESSAGES.fileTooLarge('Relevé topographique.pdf') });
      await expectNothingStored();
    });

    it('refuses 25 MB + 1 byte in all with 413 even though each file is within 10 MB', async () => {
      const response = await submit(app, VALID_FIELDS, [
        { name: 'a.pdf', data: paddedPdf(MB10) },
        { name: 'b.pdf', data: paddedPdf(MB10) },
        { name: 'c.pdf', data: paddedPdf(26_214_400 - 2 * MB10 + 1) },
      ]).expect(413);
      expect(response.body).toEqual({ message: MESSAGES.totalTooLarge });
      await expectNothingStored();
    });

    it('refuses a body announced far beyond 25 MB before storing any of it', async () => {
      const files = Array.from({ length: 3 }, (_, i) => ({
        name: `lot-${i}.pdf`,
        data: paddedPdf(9 * 1024 * 1024),
      }));
      // Not a single temp file may appear while the body is read and discarded.
      mkdirSync(tmpDir, { recursive: true });
      const created: string[] = [];
      const watcher = watch(tmpDir, (_event, name) => created.push(String(name)));
      try {
        const response = await submit(app, VALID_FIELDS, files).expect(413);
        expect(response.body).toEqual({ message: MESSAGES.totalTooLarge });
      } finally {
        watcher.close();
      }
      expect(created).toEqual([]);
      await expectNothingStored();
    });

    it('refuses 11 files with 422 and the product rules message', async () => {
      const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `page-${i + 1}.pdf`, data: pdfBytes() }));
      const response = await submit(app, VALID_FIELDS, eleven).expect(422);
      expect(response.body).toEqual({
        message: MESSAGES.tooManyFiles,
        errors: { attachments: [MESSAGES.tooManyFiles] },
      });
      await expectNothingStored();
    });

    it('refuses a text file named .pdf (422 naming it) and keeps the valid file beside it neither', async () => {
      const response = await submit(app, VALID_FIELDS, [
        { name: 'vrai.pdf', data: pdfBytes() },
        { name: 'faux plan.pdf', data: Buffer.from('Ceci est un simple texte, pas un PDF.\n') },
      ]).expect(422);
      expect(response.body).toEqual({
        message: 'Le contenu du fichier "faux plan.pdf" ne correspond pas à son extension.',
        errors: { attachments: ['Le contenu du fichier "faux plan.pdf" ne correspond pas à son extension.'] },
      });
      await expectNothingStored();
    });

    it('refuses bytes of one accepted kind under the extension of another, other ZIPs as .docx, and other extensions', async () => {
      const response = await submit(app, VALID_FIELDS, [
        { name: 'photo.jpg', data: await pngBytes() },
        { name: 'archive.docx', data: await zipBytes({ 'readme.txt': 'pas un document Word' }) },
        { name: 'script.exe', data: Buffer.from('MZ') },
        { name: 'sans-extension', data: pdfBytes() },
      ]).expect(422);
      expect(response.body.errors.attachments).toEqual([
        'Le contenu du fichier "photo.jpg" ne correspond pas à son extension.',
        'Le contenu du fichier "archive.docx" ne correspond pas à son extension.',
        'Le fichier "script.exe" n\'est pas accepté : formats autorisés PDF, DOC, DOCX, JPG, JPEG, PNG et DWG.',
        'Le fichier "sans-extension" n\'est pas accepté : formats autorisés PDF, DOC, DOCX, JPG, JPEG, PNG et DWG.',
      ]);
      await expectNothingStored();
    });

    it('answers field and file problems together in one 422', async () => {
      const response = await submit(app, { ...VALID_FIELDS, firstName: '  ' }, [
        { name: 'note.pdf', data: Buffer.from('texte') },
      ]).expect(422);
      expect(response.body.message).toBe('Erreur de validation');
      expect(Object.keys(response.body.errors).sort()).toEqual(['attachments', 'firstName']);
      await expectNothingStored();
    });

    it('refuses a file under another field name', async () => {
      const response = await submit(app, VALID_FIELDS).attach('document', pdfBytes(), 'plan.pdf').expect(422);
      expect(response.body.errors).toHaveProperty('document');
      await expectNothingStored();
    });
  });

  describe('all or nothing when storing fails', () => {
    it('rolls the row back and removes the temp files when the private folder cannot be written', async () => {
      // A plain file where the submissions folder should be: mkdir fails inside the transaction.
      rmSync(submissionsDir, { recursive: true, force: true });
      mkdirSync(path.dirname(submissionsDir), { recursive: true });
      writeFileSync(submissionsDir, 'obstacle');
      try {
        // Storage refusing writes is an outage, not a bug: 503
        // (docs/decisions/0012-shutdown-order-and-honest-faults.md).
        const response = await submit(app, VALID_FIELDS, [{ name: 'plan.pdf', data: pdfBytes() }]).expect(
          503,
        );
        expect(response.headers['retry-after']).toMatch(/^\d+$/);
        expect(response.body.message).toMatch(/stockage des fichiers ne répond pas/);
        expect(await rowCount('project_submissions')).toBe(0);
        expect(await rowCount('submission_attachments')).toBe(0);
        expect(filesUnder(tmpDir)).toEqual([]);
      } finally {
        rmSync(submissionsDir, { force: true });
      }
    });

    it('removes the files already moved when the database refuses the attachment rows', async () => {
      await db.knex.schema.renameTable('submission_attachments', 'submission_attachments_away');
      try {
        await submit(app, VALID_FIELDS, [{ name: 'plan.pdf', data: pdfBytes() }]).expect(500);
      } finally {
        await db.knex.schema.renameTable('submission_attachments_away', 'submission_attachments');
      }
      await expectNothingStored();
    });
  });

  describe('robots', () => {
    it('answers a filled honeypot like a success and stores nothing', async () => {
      const response = await submit(app, { ...VALID_FIELDS, website: 'http://spam.example' }, [
        { name: 'plan.pdf', data: pdfBytes() },
      ]).expect(201);
      expect(response.body).toEqual({ success: true, message: MESSAGES.submitted });
      await expectNothingStored();
    });

    it('accepts an empty honeypot, as the real form sends it', async () => {
      await submit(app, { ...VALID_FIELDS, website: '' }).expect(201);
      expect(await rowCount('project_submissions')).toBe(1);
    });

    it('limits accepted submissions per client with 429 and Retry-After, not counting refused ones', async () => {
      const limited = testConfig(db.database, {
        SUBMISSION_RATE_LIMIT: '2',
        SUBMISSION_RATE_WINDOW_MINUTES: '30',
      });
      try {
        const limitedApp = createApp({
          config: limited.config,
          db: db.knex,
          logger: silentLogger(),
          root: process.cwd(),
        });
        // A visitor correcting the form is not held back by the attempts refused.
        await submit(limitedApp, {}).expect(422);
        await submit(limitedApp, {}).expect(422);
        await submit(limitedApp).expect(201);
        await submit(limitedApp, { ...VALID_FIELDS, website: 'robot' }).expect(201);
        const refused = await submit(limitedApp, VALID_FIELDS, [
          { name: 'plan.pdf', data: pdfBytes() },
        ]).expect(429);
        expect(refused.body).toEqual({
          message: 'Trop de soumissions envoyées depuis cette connexion. Veuillez réessayer plus tard.',
        });
        const retryAfter = Number(refused.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(29 * 60);
        expect(retryAfter).toBeLessThanOrEqual(30 * 60);
        expect(await rowCount('project_submissions')).toBe(1);
        expect(filesUnder(path.join(limited.storageDir, 'tmp'))).toEqual([]);
      } finally {
        limited.dispose();
      }
    });
  });

  it('leaves no temp file and no row when the client drops the connection in the middle of a file', async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    try {
      const { port } = server.address() as AddressInfo;
      const boundary = '----edifier-abort-test';
      const fields = Object.entries(VALID_FIELDS)
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('');
      const head = Buffer.from(
        `${fields}--${boundary}\r\nContent-Disposition: form-data; name="attachments[]"; filename="plan.pdf"\r\n` +
          'Content-Type: application/pdf\r\n\r\n',
      );
      const file = paddedPdf(4 * 1024 * 1024);
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/submit-project',
        headers: {
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + file.length + tail.length,
        },
      });
      req.on('error', () => undefined);
      req.write(head);
      req.write(file.subarray(0, file.length / 2));
      // The upload has reached the disk: the half file is in storage/tmp.
      await waitFor(() => filesUnder(tmpDir).length === 1);
      req.destroy();
      await waitFor(() => filesUnder(tmpDir).length === 0);
      expect(await rowCount('project_submissions')).toBe(0);
      expect(filesUnder(submissionsDir)).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('stores names as visitors typed them, composed (macOS sends decomposed accents)', async () => {
    const decomposed = 'Plan façade.pdf'.normalize('NFD');
    const response = await submit(app, VALID_FIELDS, [{ name: decomposed, data: pdfBytes() }]).expect(201);
    const [row] = await db.knex('submission_attachments').where({ submission_id: response.body.data.id });
    expect(row.original_name).toBe('Plan façade.pdf'.normalize('NFC'));
    expect(row.original_name).not.toBe(decomposed);
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition jamais remplie');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
