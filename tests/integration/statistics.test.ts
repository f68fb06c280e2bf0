import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessToday } from '#shared/calendar';
import type { Role } from '#shared/roles';
import { toDbDateTime } from '#server/db/dialect';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { aContactMessage, anOffer, aProduct, aPromotion, aSubmission } from '../helpers/builders';
import { aStatsCount, aStatsDay } from '../helpers/statistics-rows';
import { testEngines } from '../helpers/test-db';

/**
 * The statistics screen's API on every engine (docs/product-rules.md, "The statistics
 * screen"): a scripted week of counts (1 to 7 March 2026) with a week before it and days
 * around both, read back as the exact figures: every day with its zeros, the sums, the
 * previous period, the names of what was ordered, the funnel, the CSV; who may read them;
 * the period's refusals.
 */

// Written out, not imported: a changed message must fail here.
const M = {
  fromInvalid: 'La date de début est invalide (aaaa-mm-jj).',
  toInvalid: 'La date de fin est invalide (aaaa-mm-jj).',
  rangeInvalid: 'La date de fin ne peut pas précéder la date de début.',
  rangeTooLong: 'La période ne peut pas dépasser 366 jours.',
  forbidden: "Vous n'avez pas les droits nécessaires pour cette action.",
};

const WEEK = 'from=2026-03-01&to=2026-03-07';
const utc = (iso: string) => toDbDateTime(new Date(iso));

describe.each(testEngines())('statistics API on $name', (engine) => {
  let api: ApiHarness;
  let cement: number;
  let trashed: number;
  let parcel: number;
  let fleet: number;
  let promotion: number;
  const get = (path: string, token = api.adminToken) =>
    request(api.app)
      .get(path)
      .set({ Authorization: `Bearer ${token}` });

  beforeAll(async () => {
    api = await openApiHarness(engine);
    const knex = api.db.knex;
    cement = (await aProduct(knex, { name: 'Ciment CPJ 45' })).id;
    trashed = (await aProduct(knex, { name: 'Fer de 12', deleted_at: utc('2026-03-05T10:00:00Z') })).id;
    parcel = (await anOffer(knex, 'parcels', { title: 'Terrain de Calavi' })).id;
    fleet = (await anOffer(knex, 'fleet_properties', { property_type: 'Villa', address: 'Fidjrossè' })).id;
    promotion = (await aPromotion(knex, { title: 'Soldes de mars' })).id;

    // The week, a day before it in the previous week, and days outside both.
    await aStatsDay(knex, '2026-02-21', 7, 7);
    await aStatsDay(knex, '2026-02-25', 8, 3);
    await aStatsDay(knex, '2026-03-01', 10, 4);
    await aStatsDay(knex, '2026-03-03', 20, 6);
    await aStatsDay(knex, '2026-03-07', 5, 2);
    await aStatsDay(knex, '2026-03-08', 100, 50);

    await aStatsCount(knex, '2026-03-01', 'page', '/catalogue', 6, 3);
    await aStatsCount(knex, '2026-03-03', 'page', '/catalogue', 9, 4);
    await aStatsCount(knex, '2026-03-01', 'page', '/', 4, 2);
    await aStatsCount(knex, '2026-03-03', 'page', `/products/${cement}`, 11, 5);
    await aStatsCount(knex, '2026-03-08', 'page', '/contact', 50, 20);
    await aStatsCount(knex, '2026-03-01', 'source', 'facebook', 3, 2);
    await aStatsCount(knex, '2026-03-03', 'source', 'direct', 5, 4);
    await aStatsCount(knex, '2026-03-03', 'source', 'search', 5, 1);
    await aStatsCount(knex, '2026-03-01', 'referrer', 'm.facebook.com', 3, 2);
    await aStatsCount(knex, '2026-03-01', 'utm_source', 'facebook', 2, 2);
    await aStatsCount(knex, '2026-03-01', 'utm_campaign', 'soldes-mars', 2, 2);
    await aStatsCount(knex, '2026-03-01', 'device', 'phone', 7, 3);
    await aStatsCount(knex, '2026-03-03', 'device', 'phone', 10, 4);
    await aStatsCount(knex, '2026-03-03', 'device', 'computer', 3, 2);
    await aStatsCount(knex, '2026-03-01', 'whatsapp_product', String(cement), 2, 2);
    await aStatsCount(knex, '2026-03-03', 'whatsapp_product', String(cement), 1, 1);
    await aStatsCount(knex, '2026-03-03', 'whatsapp_product', String(trashed), 1, 1);
    await aStatsCount(knex, '2026-03-07', 'whatsapp_product', '999999', 1, 1);
    await aStatsCount(knex, '2026-02-25', 'whatsapp_product', String(cement), 1, 1);
    await aStatsCount(knex, '2026-03-03', 'whatsapp_offer', `parcel:${parcel}`, 2, 2);
    await aStatsCount(knex, '2026-03-03', 'whatsapp_offer', `fleet:${fleet}`, 1, 1);
    await aStatsCount(knex, '2026-03-07', 'whatsapp_promotion', String(promotion), 1, 1);
    await aStatsCount(knex, '2026-03-03', 'request_page', '/submit-project', 1, 1);
    await aStatsCount(knex, '2026-03-07', 'message_page', '/contact', 2, 2);
    await aStatsCount(knex, '2026-03-01', 'funnel', 'product', 5, 3);
    await aStatsCount(knex, '2026-03-03', 'funnel', 'product', 8, 4);
    await aStatsCount(knex, '2026-02-25', 'funnel', 'product', 2, 2);

    // Cotonou is UTC+1: 23:30 UTC on 28 February is already 1 March there, 23:00 UTC on
    // 7 March is 8 March.
    await aSubmission(knex, { created_at: utc('2026-02-28T23:30:00Z') });
    await aSubmission(knex, { created_at: utc('2026-02-28T22:59:00Z') });
    await aSubmission(knex, { created_at: utc('2026-03-07T22:59:00Z') });
    await aSubmission(knex, { created_at: utc('2026-03-07T23:00:00Z') });
    await aContactMessage(knex, { created_at: utc('2026-03-03T10:00:00Z') });
    await aContactMessage(knex, { created_at: utc('2026-02-22T00:00:00Z') });
  });
  afterAll(() => api.cleanup());

  it('answers every day of the period with its zeros, the totals, the previous week and the breakdowns', async () => {
    const { body } = await get(`/api/admin/stats/traffic?${WEEK}`).expect(200);
    expect(body).toEqual({
      from: '2026-03-01',
      to: '2026-03-07',
      days: [
        { date: '2026-03-01', views: 10, visitors: 4 },
        { date: '2026-03-02', views: 0, visitors: 0 },
        { date: '2026-03-03', views: 20, visitors: 6 },
        { date: '2026-03-04', views: 0, visitors: 0 },
        { date: '2026-03-05', views: 0, visitors: 0 },
        { date: '2026-03-06', views: 0, visitors: 0 },
        { date: '2026-03-07', views: 5, visitors: 2 },
      ],
      totals: { views: 35, visitors: 12 },
      previous: { from: '2026-02-22', to: '2026-02-28', views: 8, visitors: 3 },
      counted_since: '2026-02-21',
      pages: [
        { key: '/catalogue', label: '/catalogue', views: 15, visitors: 7 },
        { key: `/products/${cement}`, label: `/products/${cement}`, views: 11, visitors: 5 },
        { key: '/', label: '/', views: 4, visitors: 2 },
      ],
      sources: [
        { key: 'direct', label: 'Accès direct', views: 5, visitors: 4 },
        { key: 'search', label: 'Moteurs de recherche', views: 5, visitors: 1 },
        { key: 'facebook', label: 'Facebook', views: 3, visitors: 2 },
      ],
      referrers: [{ key: 'm.facebook.com', label: 'm.facebook.com', views: 3, visitors: 2 }],
      campaigns: [{ key: 'soldes-mars', label: 'soldes-mars', views: 2, visitors: 2 }],
      utm_sources: [{ key: 'facebook', label: 'facebook', views: 2, visitors: 2 }],
      devices: [
        { key: 'phone', label: 'Téléphone', views: 17, visitors: 7 },
        { key: 'computer', label: 'Ordinateur', views: 3, visitors: 2 },
      ],
    });
  });

  it('answers the conversions with the products’ current names, the clicks’ labels and the funnel of both weeks', async () => {
    const { body } = await get(`/api/admin/stats/conversions?${WEEK}`).expect(200);
    expect(body).toEqual({
      from: '2026-03-01',
      to: '2026-03-07',
      whatsapp_orders: [
        { product_id: cement, name: 'Ciment CPJ 45', count: 3 },
        { product_id: trashed, name: 'Fer de 12', count: 1 },
        { product_id: 999999, name: 'Produit supprimé', count: 1 },
      ],
      whatsapp_offers: [
        { key: `parcel:${parcel}`, label: 'Parcelle : Terrain de Calavi', count: 2 },
        { key: `fleet:${fleet}`, label: 'Flotte immobilière : Villa, Fidjrossè', count: 1 },
      ],
      whatsapp_promotions: [{ key: String(promotion), label: 'Soldes de mars', count: 1 }],
      requests: 2,
      messages: 1,
      requests_by_page: [{ path: '/submit-project', count: 1 }],
      messages_by_page: [{ path: '/contact', count: 2 }],
      funnel: { visitors: 12, product_viewers: 7, whatsapp_orders: 5, requests: 2, messages: 1 },
      previous: {
        from: '2026-02-22',
        to: '2026-02-28',
        funnel: { visitors: 3, product_viewers: 2, whatsapp_orders: 1, requests: 1, messages: 1 },
        requests: 1,
        messages: 1,
      },
    });
  });

  it('reads the last 30 days ending today without a period, and one day alone', async () => {
    const today = businessToday();
    const { body } = await get('/api/admin/stats/traffic').expect(200);
    expect(body.to).toBe(today);
    expect(body.days).toHaveLength(30);
    expect(body.days[29].date).toBe(today);
    expect(body.from).toBe(body.days[0].date);
    const day = await get('/api/admin/stats/conversions?from=2026-03-03&to=2026-03-03').expect(200);
    expect(day.body.funnel).toEqual({
      visitors: 6,
      product_viewers: 4,
      whatsapp_orders: 2,
      requests: 0,
      messages: 1,
    });
    expect(day.body.previous).toMatchObject({ from: '2026-03-02', to: '2026-03-02' });
    // A leap year's length is the longest period.
    await get('/api/admin/stats/traffic?from=2024-01-01&to=2024-12-31').expect(200);
  });

  it('refuses a period that is not one, field by field, in French', async () => {
    const errors = async (query: string) =>
      (await get(`/api/admin/stats/traffic?${query}`).expect(422)).body.errors as Record<string, string[]>;
    expect(await errors('from=2026-03-08&to=2026-03-01')).toEqual({ to: [M.rangeInvalid] });
    expect(await errors('from=2026-02-30&to=2026-03-01')).toEqual({ from: [M.fromInvalid] });
    expect(await errors('from=01/03/2026&to=2026-03-01')).toEqual({ from: [M.fromInvalid] });
    expect(await errors('from=2026-03-01&to=demain')).toEqual({ to: [M.toInvalid] });
    expect(await errors('from=2025-01-01&to=2026-01-02')).toEqual({ to: [M.rangeTooLong] });
    for (const path of ['conversions', 'export.csv'])
      expect(
        (await get(`/api/admin/stats/${path}?from=2026-03-08&to=2026-03-01`).expect(422)).body.errors,
      ).toEqual({ to: [M.rangeInvalid] });
  });

  it('lets the administrator and the commercial read them, refuses the other roles and anyone without a token', async () => {
    const paths = ['traffic', 'conversions', 'export.csv'].map((path) => `/api/admin/stats/${path}?${WEEK}`);
    const roles: [Role, number][] = [
      ['commercial', 200],
      ['chantier', 403],
      ['editeur', 403],
    ];
    for (const [role, status] of roles) {
      const token = await api.tokenFor(role);
      for (const path of paths) {
        const response = await get(path, token).expect(status);
        if (status === 403) expect(response.body).toEqual({ message: M.forbidden });
      }
    }
    for (const path of paths) await request(api.app).get(path).expect(401);
  });

  it('exports the days and the breakdowns as a French spreadsheet', async () => {
    const response = await get(`/api/admin/stats/export.csv?${WEEK}`).expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain(
      `attachment; filename="statistiques-${businessToday()}.csv"`,
    );
    expect(response.text.startsWith('\uFEFF')).toBe(true);
    const lines = response.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual([
      'Rubrique;Élément;Jour;Pages vues;Visiteurs;Nombre',
      'Jour;;01/03/2026;10;4;',
      'Jour;;02/03/2026;0;0;',
      'Jour;;03/03/2026;20;6;',
      'Jour;;04/03/2026;0;0;',
      'Jour;;05/03/2026;0;0;',
      'Jour;;06/03/2026;0;0;',
      'Jour;;07/03/2026;5;2;',
      'Total de la période;;;35;12;',
      'Pages;/catalogue;;15;7;',
      `Pages;/products/${cement};;11;5;`,
      'Pages;/;;4;2;',
      'Sources;Accès direct;;5;4;',
      'Sources;Moteurs de recherche;;5;1;',
      'Sources;Facebook;;3;2;',
      'Sites référents;m.facebook.com;;3;2;',
      'Campagnes;soldes-mars;;2;2;',
      'Sources de campagne;facebook;;2;2;',
      'Appareils;Téléphone;;17;7;',
      'Appareils;Ordinateur;;3;2;',
      'Commandes WhatsApp;Ciment CPJ 45;;;;3',
      'Commandes WhatsApp;Fer de 12;;;;1',
      'Commandes WhatsApp;Produit supprimé;;;;1',
      'Clics WhatsApp des offres;Parcelle : Terrain de Calavi;;;;2',
      'Clics WhatsApp des offres;Flotte immobilière : Villa, Fidjrossè;;;;1',
      'Clics WhatsApp des promotions;Soldes de mars;;;;1',
      'Demandes de projet;;;;;2',
      'Demandes de projet par page;/submit-project;;;;1',
      'Messages de contact;;;;;1',
      'Messages par page;/contact;;;;2',
      '',
    ]);
  });
});
