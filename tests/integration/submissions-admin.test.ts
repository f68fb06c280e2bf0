import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDbDateTime } from '#server/db/dialect';
import { aSubmission, anAttachment } from '../helpers/builders';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import type { TestConfig } from '../helpers/test-config';
import { testEngines, type TestDb } from '../helpers/test-db';
import {
  VALID_FIELDS,
  binary,
  filesUnder,
  jpegBytes,
  pdfBytes,
  readZip,
  submit,
} from './submission-fixtures';

/**
 * The back office's submission endpoints on every engine (product rules, API; Pages and routes
 * "Submissions management", States and API): the list with paging, search, filter, sorts and
 * the six counts; one record; the status update; the zip download; the deletion; and the
 * guards. The list runs on 500 rows, with expectations computed from the rows inserted.
 */

const STATUSES = ['new', 'contacted', 'quoted', 'approved', 'rejected'] as const;
const LABELS = {
  new: 'Nouveau',
  contacted: 'Contacté',
  quoted: 'Devisé',
  approved: 'Approuvé',
  rejected: 'Rejeté',
};
const FIRST_NAMES = ['Awa', 'Bénédicte', 'Koffi', 'Nadège', 'Serge'];
const LAST_NAMES = ['Agossou', 'Dossou', 'Houénou', 'Kpadé', 'Zinsou'];
const LOCATIONS = ['Cotonou', 'Porto-Novo', 'Abomey-Calavi', 'Ouidah'];
const ROWS = 500;
const BASE_TIME = Date.UTC(2026, 0, 1, 8, 0, 0);

interface Fixture {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  project_title: string;
  location: string;
  status: string;
  created_at: string;
  attachments: number;
}

/** Row i of the data set: every value derived from i, one row with accents everywhere. */
function fixtureRow(i: number): Omit<Fixture, 'id' | 'attachments'> & Record<string, unknown> {
  const special = i === 7;
  const stamp = toDbDateTime(new Date(BASE_TIME + i * 60_000));
  return {
    first_name: special ? 'Éloïse' : FIRST_NAMES[Math.floor(i / 5) % 5]!,
    last_name: special ? 'Hounkpè' : LAST_NAMES[i % 5]!,
    email: `client${String(i).padStart(3, '0')}@example.bj`,
    phone: '+229 01 97 12 34 56',
    company: i % 2 === 0 ? null : 'Société Béninoise',
    project_title: special ? 'Clôture en fer forgé' : `Projet ${String(i).padStart(3, '0')}`,
    project_type: 'Construction résidentielle',
    location: special ? 'Grand-Popo' : LOCATIONS[i % 4]!,
    budget: '10M - 25M FCFA',
    description: `Demande numéro ${i}.`,
    start_date: i % 3 === 0 ? '2027-02-01' : null,
    status: special ? 'rejected' : STATUSES[(i * 3) % 5]!,
    admin_notes: null,
    contact_method: null,
    created_at: stamp,
    updated_at: stamp,
  };
}

describe.each(testEngines())('submissions back office on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let env: TestConfig;
  let app: express.Express;
  let token: string;
  let editorToken: string;
  let fixtures: Fixture[];

  const auth = (call: request.Test, bearer = token) => call.set('Authorization', `Bearer ${bearer}`);
  const list = (query: Record<string, string | number> = {}) =>
    auth(request(app).get('/api/admin/project-submissions').query(query));
  const ids = (body: { data: { data: { id: number }[] } }) => body.data.data.map((record) => record.id);

  /** Newest first, the default order (product rules, Limits and constants). */
  const byCreatedDesc = (rows: Fixture[]) =>
    [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at));

  beforeAll(async () => {
    api = await openApiHarness(engine, { env: { SUBMISSION_RATE_LIMIT: '1000' }, ensureStorage: false });
    ({ db, env, app, adminToken: token, editorToken } = api);

    fixtures = [];
    for (let i = 0; i < ROWS; i += 1) {
      const row = fixtureRow(i);
      const { id } = await aSubmission(db, row);
      const attachments = i % 4 === 0 ? 2 : 0;
      for (let n = 0; n < attachments; n += 1) {
        await anAttachment(db, id, {
          original_name: `pièce ${n + 1}.pdf`,
          stored_name: `fixture${i}x${n}.pdf`,
          mime_type: 'application/pdf',
          size: 1000 + n,
          created_at: row.created_at,
        });
      }
      fixtures.push({ ...(row as Omit<Fixture, 'id' | 'attachments'>), id, attachments });
    }
  });
  afterAll(() => api.cleanup());

  describe('GET /admin/project-submissions', () => {
    it('answers the first 15, newest first, with the pagination and the six counts', async () => {
      const response = await list().expect(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const expected = byCreatedDesc(fixtures);
      expect(response.body.success).toBe(true);
      expect(ids(response.body)).toEqual(expected.slice(0, 15).map((f) => f.id));
      expect(response.body.data).toMatchObject({
        current_page: 1,
        last_page: Math.ceil(ROWS / 15),
        per_page: 15,
        total: ROWS,
        from: 1,
        to: 15,
      });
      const count = (status: string) => fixtures.filter((f) => f.status === status).length;
      expect(response.body.stats).toEqual({
        total: ROWS,
        new: count('new'),
        contacted: count('contacted'),
        quoted: count('quoted'),
        approved: count('approved'),
        rejected: count('rejected'),
      });
    });

    it('answers each record with the product rules fields, its label, and its attachments without their stored names', async () => {
      const response = await list({ search: 'client004@example.bj' }).expect(200);
      const fixture = fixtures[4]!;
      const [record] = response.body.data.data;
      expect(Object.keys(record).sort()).toEqual(
        [
          'id',
          'reference',
          'first_name',
          'last_name',
          'email',
          'phone',
          'company',
          'project_title',
          'project_type',
          'location',
          'budget',
          'description',
          'start_date',
          'status',
          'status_label',
          'attachment_count',
          'attachments',
          'admin_notes',
          'contact_method',
          'assignee',
          'created_at',
        ].sort(),
      );
      expect(record).toMatchObject({
        id: fixture.id,
        first_name: fixture.first_name,
        status: fixture.status,
        status_label: LABELS[fixture.status as keyof typeof LABELS],
        attachment_count: 2,
        start_date: null,
        assignee: null,
        created_at: new Date(`${fixture.created_at.replace(' ', 'T')}Z`).toISOString(),
      });
      expect(record.attachments).toEqual([
        { id: expect.any(Number), original_name: 'pièce 1.pdf', size: 1000, mime_type: 'application/pdf' },
        { id: expect.any(Number), original_name: 'pièce 2.pdf', size: 1001, mime_type: 'application/pdf' },
      ]);
    });

    it('pages by 15 to the last page, and answers an empty page past it', async () => {
      const expected = byCreatedDesc(fixtures);
      const second = await list({ page: 2 }).expect(200);
      expect(ids(second.body)).toEqual(expected.slice(15, 30).map((f) => f.id));
      expect(second.body.data).toMatchObject({ current_page: 2, from: 16, to: 30 });
      const last = await list({ page: 34 }).expect(200);
      expect(ids(last.body)).toEqual(expected.slice(495).map((f) => f.id));
      expect(last.body.data).toMatchObject({ current_page: 34, from: 496, to: 500 });
      const beyond = await list({ page: 35 }).expect(200);
      expect(beyond.body.data).toMatchObject({
        data: [],
        current_page: 35,
        last_page: 34,
        from: null,
        to: null,
      });
      const wide = await list({ per_page: 100, page: 5 }).expect(200);
      expect(ids(wide.body)).toEqual(expected.slice(400, 500).map((f) => f.id));
    });

    it('costs the same number of queries for 15 or 100 records (no query per record)', async () => {
      let queries = 0;
      const count = () => {
        queries += 1;
      };
      db.knex.on('query', count);
      try {
        await list({ per_page: 15 }).expect(200);
        const small = queries;
        queries = 0;
        await list({ per_page: 100 }).expect(200);
        expect(queries).toBe(small);
        // Authentication, then page, count, status counts and the page's attachments.
        expect(small).toBeLessThanOrEqual(8);
      } finally {
        db.knex.off('query', count);
      }
    });

    it('searches name, e-mail, project title and location, ignoring case, every word anywhere', async () => {
      const matches = (words: string[]) =>
        byCreatedDesc(
          fixtures.filter((f) =>
            words.every((word) =>
              [f.first_name, f.last_name, f.email, f.project_title, f.location].some((v) =>
                v.toLowerCase().includes(word.toLowerCase()),
              ),
            ),
          ),
        ).map((f) => f.id);

      for (const search of [
        'ZINSOU',
        'client01',
        'projet 12',
        'porto-novo',
        'Awa Dossou',
        'ÉLOÏSE',
        'fer forgé grand-popo',
      ]) {
        const response = await list({ search, per_page: 100 }).expect(200);
        const expected = matches(search.split(' '));
        expect(expected.length, search).toBeGreaterThan(0);
        expect(response.body.data.total, search).toBe(expected.length);
        expect(ids(response.body), search).toEqual(expected.slice(0, 100));
      }
      const none = await list({ search: 'introuvable' }).expect(200);
      expect(none.body.data).toMatchObject({ data: [], total: 0, last_page: 1 });
      // The counts stay those of every submission.
      expect(none.body.stats.total).toBe(ROWS);
    });

    it('filters by each status, "all" and empty values meaning no filter', async () => {
      for (const status of STATUSES) {
        const response = await list({ status, per_page: 100 }).expect(200);
        const expected = byCreatedDesc(fixtures.filter((f) => f.status === status));
        expect(response.body.data.total).toBe(expected.length);
        expect(ids(response.body)).toEqual(expected.slice(0, 100).map((f) => f.id));
      }
      const all = await list({ status: 'all' }).expect(200);
      expect(all.body.data.total).toBe(ROWS);
      const blank = await list({
        status: '',
        search: '',
        page: '',
        per_page: '',
        sort_by: '',
        sort_order: '',
      }).expect(200);
      expect(ids(blank.body)).toEqual(ids(all.body));
    });

    it('sorts by created_at, project_title, first_name and status in both orders', async () => {
      const asc = await list({ sort_by: 'created_at', sort_order: 'asc' }).expect(200);
      expect(ids(asc.body)).toEqual(
        byCreatedDesc(fixtures)
          .reverse()
          .slice(0, 15)
          .map((f) => f.id),
      );

      const titles = [...fixtures].sort((a, b) => (a.project_title < b.project_title ? -1 : 1));
      const titleAsc = await list({ sort_by: 'project_title', sort_order: 'asc' }).expect(200);
      expect(ids(titleAsc.body)).toEqual(titles.slice(0, 15).map((f) => f.id));
      const titleDesc = await list({ sort_by: 'project_title', sort_order: 'DESC' }).expect(200);
      expect(ids(titleDesc.body)).toEqual(
        [...titles]
          .reverse()
          .slice(0, 15)
          .map((f) => f.id),
      );

      // Ties on the first name are broken by last name, then id.
      const awas = fixtures
        .filter((f) => f.first_name === 'Awa')
        .sort((a, b) => a.last_name.localeCompare(b.last_name) || a.id - b.id);
      const nameAsc = await list({ sort_by: 'first_name', sort_order: 'asc' }).expect(200);
      expect(ids(nameAsc.body)).toEqual(awas.slice(0, 15).map((f) => f.id));

      // The workflow's order: new, contacted, quoted, approved, rejected.
      const rank = (status: string) => STATUSES.indexOf(status as (typeof STATUSES)[number]);
      const workflow = [...fixtures].sort((a, b) => rank(a.status) - rank(b.status) || a.id - b.id);
      const statusAsc = await list({ sort_by: 'status', sort_order: 'asc', per_page: 100, page: 2 }).expect(
        200,
      );
      expect(ids(statusAsc.body)).toEqual(workflow.slice(100, 200).map((f) => f.id));
      expect(new Set(statusAsc.body.data.data.map((r: { status: string }) => r.status)).size).toBeGreaterThan(
        1,
      );
      const statusDesc = await list({ sort_by: 'status', sort_order: 'desc' }).expect(200);
      const rejected = fixtures.filter((f) => f.status === 'rejected').sort((a, b) => b.id - a.id);
      expect(ids(statusDesc.body)).toEqual(rejected.slice(0, 15).map((f) => f.id));
    });

    it('refuses any other sort key, order, status or page with 422 in French', async () => {
      const badSort = await list({ sort_by: 'email' }).expect(422);
      expect(badSort.body).toEqual({
        message: 'Erreur de validation',
        errors: { sort_by: ['Critère de tri invalide : created_at, project_title, first_name, status'] },
      });
      const injection = await list({ sort_by: 'created_at; DROP TABLE users' }).expect(422);
      expect(injection.body.errors).toHaveProperty('sort_by');
      const others = await list({
        sort_order: 'sideways',
        status: 'archived',
        page: '0',
        per_page: '101',
      }).expect(422);
      expect(Object.keys(others.body.errors).sort()).toEqual(['page', 'per_page', 'sort_order', 'status']);
      expect(others.body.errors.per_page).toEqual(['Le nombre par page doit être un entier entre 1 et 100']);
    });
  });

  describe('one submission: read, status, download, delete', () => {
    let id: number;
    let reference: string;
    let plan: Buffer;
    let photo: Buffer;

    beforeAll(async () => {
      plan = pdfBytes('Plan de façade');
      photo = await jpegBytes();
      const response = await submit(app, VALID_FIELDS, [
        { name: 'Plan façade.pdf', data: plan },
        { name: 'plan FAÇADE.pdf', data: pdfBytes('Variante') },
        { name: 'photo.jpg', data: photo },
      ]).expect(201);
      id = response.body.data.id;
      reference = response.body.reference;
    });

    it('answers one record with { success, data }', async () => {
      const response = await auth(request(app).get(`/api/admin/project-submissions/${id}`)).expect(200);
      expect(response.body.success).toBe(true);
      expect(response.body.data).toMatchObject({
        id,
        first_name: 'Awa',
        project_title: 'Villa R+1 à Fidjrossè',
        start_date: '2027-03-15',
        status: 'new',
        status_label: 'Nouveau',
        attachment_count: 3,
      });
      expect(response.body.data.attachments.map((a: { original_name: string }) => a.original_name)).toEqual([
        'Plan façade.pdf',
        'plan FAÇADE.pdf',
        'photo.jpg',
      ]);
      await auth(request(app).get('/api/admin/project-submissions/999999')).expect(404, {
        message: 'Soumission introuvable.',
      });
      await auth(request(app).get('/api/admin/project-submissions/abc')).expect(404, {
        message: 'Soumission introuvable.',
      });
    });

    it('sets each of the five statuses with notes and contact method', async () => {
      const methods = ['email', 'phone', 'whatsapp', '', 'email'] as const;
      for (const [i, status] of STATUSES.entries()) {
        const notes = `Note ${i} : rappel prévu à 14 h`;
        const response = await auth(request(app).patch(`/api/admin/project-submissions/${id}/status`))
          .send({ status, admin_notes: notes, contact_method: methods[i] })
          .expect(200);
        expect(response.body).toMatchObject({
          success: true,
          data: {
            id,
            status,
            status_label: LABELS[status],
            admin_notes: notes,
            contact_method: methods[i] || null,
          },
        });
        const row = await db.knex('project_submissions').where({ id }).first();
        expect([row.status, row.admin_notes, row.contact_method]).toEqual([
          status,
          notes,
          methods[i] || null,
        ]);
      }
    });

    it('keeps notes and contact method when the update leaves them out, and clears them with empty values', async () => {
      await auth(request(app).patch(`/api/admin/project-submissions/${id}/status`))
        .send({ status: 'contacted', admin_notes: 'Appel WhatsApp mardi', contact_method: 'whatsapp' })
        .expect(200);
      const kept = await auth(request(app).patch(`/api/admin/project-submissions/${id}/status`))
        .send({ status: 'quoted' })
        .expect(200);
      expect(kept.body.data).toMatchObject({
        status: 'quoted',
        admin_notes: 'Appel WhatsApp mardi',
        contact_method: 'whatsapp',
      });
      const cleared = await auth(request(app).patch(`/api/admin/project-submissions/${id}/status`))
        .send({ status: 'quoted', admin_notes: '', contact_method: null })
        .expect(200);
      expect(cleared.body.data).toMatchObject({ admin_notes: null, contact_method: null });
    });

    it('refuses an unknown status or contact method in French and changes nothing', async () => {
      const before = await db.knex('project_submissions').where({ id }).first();
      const response = await auth(request(app).patch(`/api/admin/project-submissions/${id}/status`))
        .send({ status: 'archived', contact_method: 'pigeon', admin_notes: 12 })
        .expect(422);
      expect(response.body.errors).toEqual({
        status: ['Statut invalide : new, contacted, quoted, approved ou rejected'],
        contact_method: ['Méthode de contact invalide : email, phone, whatsapp ou vide'],
        admin_notes: ['Les notes doivent être un texte'],
      });
      const missing = await auth(request(app).patch(`/api/admin/project-submissions/${id}/status`))
        .send({})
        .expect(422);
      expect(missing.body.errors.status).toEqual(['Le statut est requis']);
      expect(await db.knex('project_submissions').where({ id }).first()).toEqual(before);
      await auth(request(app).patch('/api/admin/project-submissions/999999/status'))
        .send({ status: 'new' })
        .expect(404);
    });

    it('streams a zip named after the reference and the project, with a summary and every file under its original name and bytes', async () => {
      const response = await auth(request(app).get(`/api/admin/project-submissions/${id}/download`))
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(response.headers['content-type']).toBe('application/zip');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="projet_${id}_${reference}_Villa_R_1_a_Fidjrosse.zip"; ` +
          `filename*=UTF-8''${encodeURIComponent(`projet_${id}_${reference}_Villa_R+1_à_Fidjrossè.zip`)}`,
      );
      const body = response.body as Buffer;
      expect(body.length).toBeGreaterThanOrEqual(100);
      const [summary, ...entries] = readZip(body);
      expect(summary!.name).toBe('demande.txt');
      expect(summary!.data.toString('utf8')).toContain(`Référence : ${reference}`);
      // The second name differs from the first only by case: numbered, so no file hides another.
      expect(entries.map((e) => e.name)).toEqual(['Plan façade.pdf', 'plan FAÇADE (2).pdf', 'photo.jpg']);
      expect(entries[0]!.utf8).toBe(true);
      expect(entries[0]!.data.equals(plan)).toBe(true);
      expect(entries[1]!.data.equals(pdfBytes('Variante'))).toBe(true);
      expect(entries[2]!.data.equals(photo)).toBe(true);
    });

    it('makes hostile names safe inside the zip and keeps them readable', async () => {
      const attachments = await db.knex('submission_attachments').where({ submission_id: id }).orderBy('id');
      const hostile = ['../../etc/passwd.pdf', 'C:\\Users\\Awa\\Devis: final?.pdf', 'a\u0007\u202egpj.pdf'];
      for (const [i, name] of hostile.entries()) {
        await db
          .knex('submission_attachments')
          .where({ id: attachments[i].id })
          .update({ original_name: name });
      }
      try {
        const response = await auth(request(app).get(`/api/admin/project-submissions/${id}/download`))
          .buffer(true)
          .parse(binary)
          .expect(200);
        const names = readZip(response.body as Buffer).map((e) => e.name);
        expect(names).toEqual(['demande.txt', 'passwd.pdf', 'Devis_ final_.pdf', 'agpj.pdf']);
      } finally {
        for (const [i, attachment] of attachments.entries()) {
          await db
            .knex('submission_attachments')
            .where({ id: attachment.id })
            .update({ original_name: attachments[i].original_name });
        }
      }
    });

    it('answers 404 in French when a submission has no attachment, or its files are gone', async () => {
      const bare = await submit(app, VALID_FIELDS).expect(201);
      const none = await auth(
        request(app).get(`/api/admin/project-submissions/${bare.body.data.id}/download`),
      ).expect(404);
      expect(none.body).toEqual({ message: 'Aucun fichier joint à cette soumission.' });
      await auth(request(app).get('/api/admin/project-submissions/999999/download')).expect(404, {
        message: 'Soumission introuvable.',
      });

      const lost = await submit(app, VALID_FIELDS, [{ name: 'plan.pdf', data: pdfBytes() }]).expect(201);
      rmSync(path.join(env.storageDir, 'app', 'private', 'submissions', String(lost.body.data.id)), {
        recursive: true,
      });
      const gone = await auth(
        request(app).get(`/api/admin/project-submissions/${lost.body.data.id}/download`),
      ).expect(404);
      expect(gone.body).toEqual({ message: 'Les fichiers joints à cette soumission sont introuvables.' });
    });

    it('still gives the files that remain, with a note naming the lost one', async () => {
      const partial = await submit(app, VALID_FIELDS, [
        { name: 'gardé.pdf', data: plan },
        { name: 'perdu.jpg', data: photo },
      ]).expect(201);
      const partialId = partial.body.data.id as number;
      const [, lostRow] = await db
        .knex('submission_attachments')
        .where({ submission_id: partialId })
        .orderBy('id');
      rmSync(
        path.join(env.storageDir, 'app', 'private', 'submissions', String(partialId), lostRow.stored_name),
      );
      const response = await auth(request(app).get(`/api/admin/project-submissions/${partialId}/download`))
        .buffer(true)
        .parse(binary)
        .expect(200);
      const entries = readZip(response.body as Buffer);
      expect(entries.map((e) => e.name)).toEqual(['demande.txt', 'gardé.pdf', 'fichiers-manquants.txt']);
      expect(entries[2]!.data.toString('utf8')).toContain('- perdu.jpg');
    });

    it('moves a request to the trash with its files kept, brings it back, and purges it for good', async () => {
      const other = await submit(app, VALID_FIELDS, [{ name: 'autre.pdf', data: pdfBytes() }]).expect(201);
      const submissionsDir = path.join(env.storageDir, 'app', 'private', 'submissions');
      expect(filesUnder(path.join(submissionsDir, String(id)))).toHaveLength(3);
      const listed = async () =>
        (await auth(request(app).get('/api/admin/project-submissions?per_page=100')).expect(200)).body;
      const csv = async () =>
        (await auth(request(app).get('/api/admin/project-submissions/export.csv')).expect(200)).text;
      const reference = (await db.knex('project_submissions').where({ id }).first()).reference as string;
      const totalBefore = (await listed()).stats.total as number;
      expect(await csv()).toContain(reference);

      const response = await auth(request(app).delete(`/api/admin/project-submissions/${id}`)).expect(200);
      expect(response.body).toEqual({ success: true, message: 'Soumission supprimée avec succès.' });
      // In the trash: the row is kept, marked, and its private files stay where they were.
      expect((await db.knex('project_submissions').where({ id }).first()).deleted_at).not.toBeNull();
      expect(await db.knex('submission_attachments').where({ submission_id: id })).toHaveLength(3);
      expect(filesUnder(path.join(submissionsDir, String(id)))).toHaveLength(3);
      expect(await db.knex('trash').where({ kind: 'submission', entity_id: id }).first()).toMatchObject({
        label: expect.stringContaining(reference),
      });
      // …and out of every read: list, counts, export, detail, zip, a second delete.
      const after = await listed();
      expect(after.data.data.map((row: { id: number }) => row.id)).not.toContain(id);
      expect(after.stats.total).toBe(totalBefore - 1);
      expect(await csv()).not.toContain(reference);
      await auth(request(app).get(`/api/admin/project-submissions/${id}`)).expect(404);
      await auth(request(app).get(`/api/admin/project-submissions/${id}/download`)).expect(404);
      await auth(request(app).get(`/api/admin/project-submissions/${id}/events`)).expect(404);
      await auth(request(app).post(`/api/admin/project-submissions/${id}/tracking-link`)).expect(404);
      await auth(request(app).patch(`/api/admin/project-submissions/${id}/status`))
        .send({ status: 'contacted' })
        .expect(404);
      expect((await auth(request(app).get('/api/admin/stats')).expect(200)).body.submissions).toBe(
        totalBefore - 1,
      );
      await auth(request(app).delete(`/api/admin/project-submissions/${id}`)).expect(404, {
        message: 'Soumission introuvable.',
      });

      await auth(request(app).post(`/api/admin/trash/submission/${id}/restore`)).expect(200);
      expect((await listed()).stats.total).toBe(totalBefore);
      await auth(request(app).get(`/api/admin/project-submissions/${id}`)).expect(200);
      await auth(request(app).get(`/api/admin/project-submissions/${id}/download`)).expect(200);

      await auth(request(app).delete(`/api/admin/project-submissions/${id}`)).expect(200);
      await auth(request(app).delete(`/api/admin/trash/submission/${id}`)).expect(200);
      expect(await db.knex('project_submissions').where({ id }).first()).toBeUndefined();
      expect(await db.knex('submission_attachments').where({ submission_id: id })).toEqual([]);
      expect(filesUnder(path.join(submissionsDir, String(id)))).toEqual([]);
      expect(filesUnder(path.join(submissionsDir, String(other.body.data.id)))).toHaveLength(1);
    });
  });

  describe('guards', () => {
    const routes: [string, string][] = [
      ['get', '/api/admin/project-submissions'],
      ['get', '/api/admin/project-submissions/1'],
      ['patch', '/api/admin/project-submissions/1/status'],
      ['get', '/api/admin/project-submissions/1/download'],
      ['delete', '/api/admin/project-submissions/1'],
    ];

    it.each(routes)(
      '%s %s answers 401 without a token and 403 for another role, and changes nothing',
      async (method, url) => {
        const before = await db.knex('project_submissions').count({ n: '*' }).first();
        const call = (m: string) =>
          (request(app) as unknown as Record<string, (u: string) => request.Test>)[m]!(url);
        const anonymous = await call(method).send({ status: 'rejected' }).expect(401);
        expect(anonymous.body).toEqual({ message: 'Non authentifié. Veuillez vous connecter.' });
        const editor = await auth(call(method), editorToken).send({ status: 'rejected' }).expect(403);
        expect(editor.body).toEqual({ message: "Vous n'avez pas les droits nécessaires pour cette action." });
        expect(await db.knex('project_submissions').count({ n: '*' }).first()).toEqual(before);
        const first = await db.knex('project_submissions').where({ id: fixtures[1]!.id }).first('status');
        expect(first.status).toBe(fixtures[1]!.status);
      },
    );

    it('lets the public submission through without any token', async () => {
      await submit(app).expect(201);
    });

    it('never serves attachments as static files', async () => {
      const response = await submit(app, VALID_FIELDS, [{ name: 'privé.pdf', data: pdfBytes() }]).expect(201);
      const [row] = await db.knex('submission_attachments').where({ submission_id: response.body.data.id });
      const stored = `submissions/${response.body.data.id}/${row.stored_name}`;
      for (const url of [
        `/storage/${stored}`,
        `/storage/../private/${stored}`,
        `/api/serve-image/${stored}`,
        `/api/images/${stored}`,
        `/private/${stored}`,
      ]) {
        const answer = await request(app).get(url);
        expect(answer.status, url).not.toBe(200);
        expect(answer.body instanceof Buffer && answer.body.includes(Buffer.from('%PDF'))).toBe(false);
      }
      // It is on disk all the same.
      expect(
        readFileSync(path.join(env.storageDir, 'app', 'private', stored))
          .subarray(0, 4)
          .toString(),
      ).toBe('%PDF');
    });
  });
});
