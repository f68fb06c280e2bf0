import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '#shared/admin-search';
import { formatPrice } from '#shared/format';
import type { Role } from '#shared/roles';
import { toDbDateTime } from '#server/db/dialect';
import { aCategory, anOffer, aProduct, aProject, aSubmission } from '../helpers/builders';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * GET /api/admin/search on every engine (docs/product-rules.md, "Search across the back
 * office"): each kind found by what a person types, a phone in any spacing or prefix, each
 * role only its kinds, trashed rows never, at most 8 of a kind, a too long search refused.
 * Every test writes its rows with a word of its own, so the tests do not see each other's.
 */

let messageNumber = 0;

describe.each(testEngines())('admin search on $name', (engine) => {
  let api: ApiHarness;
  let db: TestDb;
  let app: express.Express;
  let token: string;

  beforeAll(async () => {
    api = await openApiHarness(engine);
    ({ db, app, adminToken: token } = api);
  });
  afterAll(() => api.cleanup());

  async function aMessage(row: {
    name: string;
    email?: string | null;
    phone?: string | null;
    deleted_at?: string;
  }) {
    messageNumber += 1;
    const stamp = toDbDateTime(new Date());
    const reference = `MSG-2026-${String(messageNumber).padStart(5, '0')}`;
    const [id] = await db.knex('contact_messages').insert({
      reference,
      email: null,
      phone: null,
      subject: 'renseignement',
      message: 'Bonjour, je voudrais un renseignement.',
      status: 'unread',
      created_at: stamp,
      updated_at: stamp,
      ...row,
    });
    return { id: Number(id), reference };
  }

  async function search(q: string, bearer = token): Promise<SearchResult[]> {
    const response = await request(app)
      .get('/api/admin/search')
      .query({ q })
      .set({ Authorization: `Bearer ${bearer}` })
      .expect(200);
    return response.body.results as SearchResult[];
  }

  const kindsOf = (results: SearchResult[]) => [...new Set(results.map((result) => result.kind))];
  const idsOf = (results: SearchResult[], kind: string) =>
    results.filter((result) => result.kind === kind).map((result) => result.id);

  it('finds a request by its reference, names, e-mail and phone, and says what it is and where it opens', async () => {
    const request_ = await aSubmission(db, {
      reference: 'EDF-2026-00042',
      first_name: 'Romaric',
      last_name: 'Houngbédji',
      email: 'romaric.h@exemple.bj',
      phone: '+229 66 55 44 33',
      status: 'contacted',
    });
    const expected = {
      kind: 'submission',
      id: request_.id,
      label: 'EDF-2026-00042 — Romaric Houngbédji',
      detail: 'Contacté · romaric.h@exemple.bj · +229 66 55 44 33',
      url: `/admin/project-submissions?soumission=${request_.id}`,
    };
    for (const q of [
      'EDF-2026-00042',
      'romaric',
      'HOUNGBÉDJI',
      'Romaric Houngbédji',
      'romaric.h@exemple',
      '66 55 44 33',
    ])
      expect(await search(q), q).toEqual([expected]);
  });

  it('finds a message by its reference, name, e-mail and phone', async () => {
    const message = await aMessage({
      name: 'Gisèle Akakpo',
      email: 'gisele@exemple.bj',
      phone: '+22961234567',
    });
    const expected = {
      kind: 'message',
      id: message.id,
      label: `${message.reference} — Gisèle Akakpo`,
      detail: 'Non lu · gisele@exemple.bj · +22961234567',
      url: `/admin/messages?message=${message.id}`,
    };
    for (const q of [message.reference, 'Akakpo', 'gisele@exemple.bj', '61 23 45 67'])
      expect(await search(q), q).toEqual([expected]);
  });

  it('finds products by name and reference, projects by title and numéro, offers by title, description or address', async () => {
    const category = await aCategory(db, { name: 'Quincaillerie Kpodji' });
    const product = await aProduct(db, {
      name: 'Brouette renforcée Kpodji',
      reference: 'BRK-0007',
      category_id: category.id,
      price: 45_000,
      publication: 'draft',
    });
    const project = await aProject(db, {
      title: 'Immeuble Tokpa',
      numero: 'PRJ-2025-017',
      status: 'Complété',
    });
    const parcel = await anOffer(db, 'parcels', {
      title: 'Terrain Ouèdo',
      location: 'Abomey-Calavi',
      price: 12_000_000,
      description: 'Parcelle viabilisée.',
    });
    const fleet = await anOffer(db, 'fleet_properties', {
      property_type: 'Duplex',
      address: 'Rue des Cocotiers, Fidjrossè',
      estimated_value: 95_000_000,
    });
    const good = await anOffer(db, 'miscellaneous_goods', {
      description: 'Groupe électrogène Sèmè 20 kVA en bon état de marche',
    });

    const productResult = {
      kind: 'product',
      id: product.id,
      label: 'Brouette renforcée Kpodji',
      detail: `BRK-0007 · Quincaillerie Kpodji · ${formatPrice(45_000)} · Brouillon`,
      url: `/admin/products/edit/${product.id}`,
    };
    expect(await search('brouette kpodji')).toEqual([productResult]);
    expect(await search('brk-0007')).toEqual([productResult]);

    const projectResult = {
      kind: 'project',
      id: project.id,
      label: 'Immeuble Tokpa',
      detail: 'PRJ-2025-017 · Complété',
      url: `/admin/projects/edit/${project.id}`,
    };
    expect(await search('tokpa')).toEqual([projectResult]);
    expect(await search('PRJ-2025-017')).toEqual([projectResult]);

    expect(await search('Ouèdo')).toEqual([
      {
        kind: 'parcel',
        id: parcel.id,
        label: 'Terrain Ouèdo',
        detail: `Parcelle · Abomey-Calavi · ${formatPrice(12_000_000)}`,
        url: `/admin/offers/edit/parcels/${parcel.id}`,
      },
    ]);
    expect(await search('cocotiers')).toEqual([
      {
        kind: 'fleet',
        id: fleet.id,
        label: 'Duplex',
        detail: `Flotte immobilière · Rue des Cocotiers, Fidjrossè · ${formatPrice(95_000_000)}`,
        url: `/admin/offers/edit/flotte-immobiliere/${fleet.id}`,
      },
    ]);

    expect(await search('électrogène sèmè')).toEqual([
      {
        kind: 'misc',
        id: good.id,
        label: 'Groupe électrogène Sèmè 20 kVA…',
        detail: 'Bien divers',
        url: `/admin/offers/edit/biens-immobiliers/${good.id}`,
      },
    ]);
  });

  it('finds a phone in any spacing or prefix, however the request or the message stored it', async () => {
    const spaced = await aSubmission(db, { phone: '+229 97 12 34 56' });
    const bare = await aSubmission(db, { phone: '97123456' });
    const dotted = await aSubmission(db, { phone: '(+229) 97.12.34.56' });
    const newFormat = await aSubmission(db, { phone: '+229 01 97 12 34 56' });
    const other = await aSubmission(db, { phone: '+229 97 12 34 57' });
    const message = await aMessage({ name: 'Client au téléphone', phone: '+22997123456' });
    const localMessage = await aMessage({ name: 'Autre client au téléphone', phone: '97123456' });

    for (const q of [
      '+229 97 12 34 56',
      '97123456',
      '0022997123456',
      '97 12 34 56',
      '97-12-34-56',
      '229 97 12 34 56',
      '01 97 12 34 56',
      '+229 01 97 12 34 56',
    ]) {
      const results = await search(q);
      expect(idsOf(results, 'submission').sort(), q).toEqual(
        [spaced.id, bare.id, dotted.id, newFormat.id].sort(),
      );
      expect(idsOf(results, 'message').sort(), q).toEqual([message.id, localMessage.id].sort());
      expect(idsOf(results, 'submission'), q).not.toContain(other.id);
    }
  });

  it('gives each role only the kinds it reads, checked with its own token', async () => {
    await aSubmission(db, { last_name: 'Zinsou-Hlan', phone: '+229 90 00 00 01' });
    await aMessage({ name: 'Paul Zinsou-Hlan', email: 'paul@exemple.bj' });
    await aProduct(db, { name: 'Ciment Zinsou-Hlan' });
    await aProject(db, { title: 'Villa Zinsou-Hlan' });
    await anOffer(db, 'parcels', { title: 'Parcelle Zinsou-Hlan' });
    await anOffer(db, 'fleet_properties', { address: 'Carré Zinsou-Hlan' });
    await anOffer(db, 'miscellaneous_goods', { description: 'Bétonnière Zinsou-Hlan' });
    const every = ['submission', 'message', 'product', 'project', 'parcel', 'fleet', 'misc'];
    const kindsFor = async (role: Role) => kindsOf(await search('zinsou-hlan', await api.tokenFor(role)));

    // In the fixed order of the groups: requests, messages, products, projects, offers.
    expect(await kindsFor('admin')).toEqual(every);
    expect(await kindsFor('commercial')).toEqual(every);
    expect(await kindsFor('editeur')).toEqual(['product', 'project', 'parcel', 'fleet', 'misc']);
    expect(await kindsFor('chantier')).toEqual([]);
    // A phone search is no way around it either.
    expect(await search('90 00 00 01', await api.tokenFor('chantier'))).toEqual([]);
    expect(await search('90 00 00 01', await api.tokenFor('editeur'))).toEqual([]);
    expect(kindsOf(await search('90 00 00 01', await api.tokenFor('commercial')))).toEqual(['submission']);
  });

  it('never finds a trashed row', async () => {
    const trashed = toDbDateTime(new Date());
    const kept = await aSubmission(db, { last_name: 'Dégbédji' });
    await aSubmission(db, { last_name: 'Dégbédji', deleted_at: trashed });
    await aMessage({ name: 'Dégbédji parti', deleted_at: trashed });
    await aProduct(db, { name: 'Tuyau Dégbédji', deleted_at: trashed });
    await aProject(db, { title: 'Hangar Dégbédji', deleted_at: trashed });
    await anOffer(db, 'parcels', { title: 'Lot Dégbédji', deleted_at: trashed });
    await anOffer(db, 'fleet_properties', { address: 'Dégbédji', deleted_at: trashed });
    await anOffer(db, 'miscellaneous_goods', { description: 'Pompe Dégbédji', deleted_at: trashed });

    const results = await search('dégbédji');
    expect(results.map((result) => [result.kind, result.id])).toEqual([['submission', kept.id]]);
  });

  it('answers at most 8 rows of a kind, the newest first', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const stamp = toDbDateTime(new Date(Date.UTC(2026, 0, 1 + i)));
      ids.push((await aProduct(db, { name: `Tuile Adjarra ${i}`, created_at: stamp, updated_at: stamp })).id);
    }
    await anOffer(db, 'parcels', { title: 'Parcelle Adjarra' });
    const results = await search('adjarra');
    expect(idsOf(results, 'product')).toEqual(ids.slice(2).reverse());
    expect(kindsOf(results)).toEqual(['product', 'parcel']);
  });

  it('finds nothing under 2 characters, refuses over 100 in French, and is never cached', async () => {
    await aProduct(db, { name: 'Xylophone' });
    expect(await search('x')).toEqual([]);
    expect(await search('  x  ')).toEqual([]);
    expect(await search('')).toEqual([]);
    expect(await search(`  ${'x'.repeat(100)}  `)).toEqual([]);

    const refused = await request(app)
      .get('/api/admin/search')
      .query({ q: 'x'.repeat(101) })
      .set({ Authorization: `Bearer ${token}` })
      .expect(422);
    expect(refused.body.errors).toEqual({
      q: ['La recherche doit être un texte de 100 caractères au plus.'],
    });

    const answer = await request(app)
      .get('/api/admin/search?q=xylo')
      .set({ Authorization: `Bearer ${token}` })
      .expect(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.body.results).toHaveLength(1);
    await request(app).get('/api/admin/search?q=xylo').expect(401);
  });
});
