import type { Knex } from 'knex';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessYear } from '#shared/calendar';
import { nextReference } from '#server/features/references/next-reference';
import { migrations } from '../../migrations/index';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { testEngines, type TestDb } from '../helpers/test-db';
import { VALID_FIELDS, pdfBytes, readZip, submit } from './submission-fixtures';

/**
 * Request references (docs/product-rules.md, "Request references"): `EDF-{year}-{5 digits}`
 * on every submission, in the submit answer, the admin list and its search, the zip's name
 * and its summary; unique under concurrent submissions, never given twice, and given to the
 * rows that existed before them.
 */

const REFERENCE = /^EDF-(\d{4})-(\d{5})$/;
const sequenceOf = (reference: string) => Number(REFERENCE.exec(reference)?.[2]);

describe.each(testEngines())('request references on $name', (engine) => {
  let api: ApiHarness;
  const year = businessYear(new Date());

  beforeAll(async () => {
    api = await openApiHarness(engine, { env: { SUBMISSION_RATE_LIMIT: '1000' } });
  });
  afterAll(() => api.cleanup());

  const admin = (path: string) =>
    request(api.app)
      .get(`/api/admin/project-submissions${path}`)
      .set('Authorization', `Bearer ${api.adminToken}`);

  it('answers the reference of a new submission and stores it on its row', async () => {
    const response = await submit(api.app, VALID_FIELDS, [{ name: 'plan.pdf', data: pdfBytes() }]);
    expect(response.status).toBe(201);
    expect(response.body.reference).toBe(`EDF-${year}-00001`);
    expect(response.body.data).toEqual({
      id: expect.any(Number),
      reference: response.body.reference,
      tracking_url: response.body.tracking_url,
    });
    const row = await api.db
      .knex('project_submissions')
      .where({ id: response.body.data.id })
      .first('reference');
    expect(row.reference).toBe(response.body.reference);
  });

  it('shows the reference in the admin list and finds a submission by it, typed in any case', async () => {
    const other = await submit(api.app, { ...VALID_FIELDS, projectTitle: 'Clôture du terrain' });
    const reference: string = other.body.reference;
    expect(sequenceOf(reference)).toBe(2);

    const found = await admin(`?search=${encodeURIComponent(reference.toLowerCase())}`).expect(200);
    expect(found.body.data.data.map((s: { reference: string }) => s.reference)).toEqual([reference]);
    expect(found.body.data.data[0].project_title).toBe('Clôture du terrain');

    const one = await admin(`/${other.body.data.id}`).expect(200);
    expect(one.body.data.reference).toBe(reference);
  });

  it('names the zip after the reference and opens it with a summary of the whole request', async () => {
    const sent = await submit(
      api.app,
      { ...VALID_FIELDS, description: 'Deux niveaux.\n<script>alert(1)</script>' },
      [
        { name: 'demande.txt', data: Buffer.from('texte du visiteur') },
        { name: 'Plan façade.pdf', data: pdfBytes() },
      ],
    );
    // A visitor's .txt is refused: only plans and photos are accepted.
    expect(sent.status).toBe(422);

    const accepted = await submit(api.app, { ...VALID_FIELDS, description: 'Deux niveaux.\nUn garage.' }, [
      { name: 'Plan façade.pdf', data: pdfBytes() },
    ]);
    const { id, reference } = accepted.body.data as { id: number; reference: string };
    const zip = await admin(`/${id}/download`)
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(
      decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(String(zip.headers['content-disposition']))![1]!),
    ).toBe(`projet_${id}_${reference}_Villa_R+1_à_Fidjrossè.zip`);
    const entries = readZip(zip.body as Buffer);
    expect(entries.map((entry) => entry.name)).toEqual(['demande.txt', 'Plan façade.pdf']);
    const summary = entries[0]!.data.toString('utf8');
    expect(summary.startsWith('\uFEFF')).toBe(true);
    for (const text of [
      `Référence : ${reference}`,
      'Prénom : Awa',
      'Nom : Houénou',
      'E-mail : awa.houenou@example.bj',
      'Téléphone : +229 01 97 12 34 56',
      'Entreprise : Houénou Conseil',
      'Titre : Villa R+1 à Fidjrossè',
      'Type de projet : Construction résidentielle',
      'Budget : 25M - 50M FCFA',
      'Localisation : Cotonou, Fidjrossè',
      'Date de début souhaitée : 15/03/2027',
      'Statut : Nouveau',
      'Deux niveaux.\r\nUn garage.',
      'Pièces jointes (1)',
      '- Plan façade.pdf (',
    ])
      expect(summary).toContain(text);
    expect(summary).toMatch(/Reçue le : \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}/);
  });

  it('never gives a reference twice, not after a deletion and not to submissions sent at once', async () => {
    const last = await submit(api.app, VALID_FIELDS);
    await request(api.app)
      .delete(`/api/admin/project-submissions/${last.body.data.id}`)
      .set('Authorization', `Bearer ${api.adminToken}`)
      .expect(200);
    const after = await submit(api.app, VALID_FIELDS);
    expect(sequenceOf(after.body.reference)).toBe(sequenceOf(last.body.reference) + 1);

    const burst = await Promise.all(Array.from({ length: 12 }, () => submit(api.app, VALID_FIELDS)));
    expect(burst.map((response) => response.status)).toEqual(Array(12).fill(201));
    const references = burst.map((response) => response.body.reference as string);
    expect(new Set(references).size).toBe(12);
    const sequences = references.map(sequenceOf).sort((a, b) => a - b);
    expect(sequences[0]).toBe(sequenceOf(after.body.reference) + 1);
    expect(sequences.at(-1)).toBe(sequenceOf(after.body.reference) + 12);
  });

  it("counts years in Cotonou: 23:30 UTC on 31 December is already next year's first request", async () => {
    const taken = await api.db.knex.transaction(async (trx) => [
      await nextReference(trx, 'EDF', new Date('2031-12-31T22:30:00Z')),
      await nextReference(trx, 'EDF', new Date('2031-12-31T23:30:00Z')),
      await nextReference(trx, 'MSG', new Date('2031-12-31T23:30:00Z')),
    ]);
    expect(taken).toEqual(['EDF-2031-00001', 'EDF-2032-00001', 'MSG-2032-00001']);
  });
});

describe.each(testEngines())('the references migration on $name', (engine) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await engine.open();
  });
  afterAll(() => db.cleanup());

  /** Runs the listed migrations up to and including `name`. */
  async function migrateUpTo(knex: Knex, name: string): Promise<void> {
    const until = migrations.findIndex((migration) => migration.name === name);
    for (const migration of migrations.slice(0, until + 1)) await migration.up(knex);
  }

  it('numbers the rows that existed before it in the order they arrived, by year, and goes on from there', async () => {
    await migrateUpTo(db.knex, '006-project-submissions');
    const row = (created_at: string, title: string) => ({
      first_name: 'Awa',
      last_name: 'Houénou',
      email: 'awa@example.bj',
      phone: '+229 01 97 12 34 56',
      project_title: title,
      project_type: 'Rénovation',
      location: 'Cotonou',
      budget: '5M - 10M FCFA',
      description: 'Une demande.',
      created_at,
      updated_at: created_at,
    });
    await db.knex('project_submissions').insert([
      row('2025-03-01 10:00:00', 'a'),
      row('2025-12-31 23:30:00', 'b'), // 00:30 on 1 January 2026 in Cotonou
      row('2025-06-01 10:00:00', 'c'),
      row('2026-02-01 10:00:00', 'd'),
    ]);
    const index = migrations.findIndex((migration) => migration.name === '007-request-references');
    await migrations[index]!.up(db.knex);

    const rows = await db.knex('project_submissions').orderBy('id').pluck('reference');
    expect(rows).toEqual(['EDF-2025-00001', 'EDF-2026-00001', 'EDF-2025-00002', 'EDF-2026-00002']);
    const next = await db.knex.transaction((trx) =>
      nextReference(trx, 'EDF', new Date('2026-05-01T10:00:00Z')),
    );
    expect(next).toBe('EDF-2026-00003');
  });
});
