import { publicAt } from '#server/db/visibility';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDbDateTime } from '#server/db/dialect';
import { listOffers } from '#server/features/offers/offers.repository';
import { offersReader } from '#server/ssr/readers/offers';
import { anOffer } from '../helpers/builders';
import { testEngines, type TestDb } from '../helpers/test-db';

// The offers page reads its first screenful on the server (product rules, Performance targets, large seed budget):
// the cards must come in the API list's order, and ?id= must find an offer's place in it.

const PARCELS = 30;

describe.each(testEngines())('offers page reader on $name', (engine) => {
  let db: TestDb;
  let apiOrder: number[];

  beforeAll(async () => {
    db = await engine.open({ migrate: true });
    const base = Date.UTC(2025, 0, 1, 12);
    for (let i = 0; i < PARCELS; i += 1) {
      // Pairs of rows share a second: the id must break the tie as the API does.
      const at = toDbDateTime(new Date(base + Math.floor(i / 2) * 60_000));
      await anOffer(db, 'parcels', {
        title: `Parcelle ${i + 1}`,
        description: 'Parcelle viabilisée avec convention de vente.',
        location: 'Abomey-Calavi',
        surface: i % 3 === 0 ? null : 400 + i,
        price: 1_000_000 * (i + 1),
        status: 'Disponible',
        image: `parcelle/p${i}.jpg`,
        created_at: at,
        updated_at: at,
      });
    }
    await anOffer(db, 'fleet_properties', {
      property_type: 'Villa',
      address: 'Haie Vive',
      surface: '135.50',
      owner: 'M. Secret',
      occupation_status: 'Loué',
      estimated_value: '48500000.50',
      image: 'fleet/v.jpg',
      created_at: toDbDateTime(new Date(base)),
      updated_at: toDbDateTime(new Date(base)),
    });
    apiOrder = (await listOffers(db.knex, 'parcels', publicAt())).map((row) => Number(row.id));
  });

  afterAll(() => db?.cleanup());

  it('answers the newest 12 parcels in the API order and the count of all of them', async () => {
    const list = await offersReader(db.knex).offerList('parcelles', 12);
    expect(list.kind).toBe('parcelles');
    expect(list.total).toBe(PARCELS);
    expect(list.items.map((item) => item.id)).toEqual(apiOrder.slice(0, 12));
    expect(list.items[0]).toMatchObject({
      title: `Parcelle ${PARCELS}`,
      price: PARCELS * 1_000_000,
      status: 'Disponible',
    });
    expect(list.items[0]).not.toHaveProperty('created_at');
  });

  it("still answers every row when no limit is given (the API's un-paged list)", async () => {
    expect(apiOrder).toHaveLength(PARCELS);
  });

  it("places an offer where the API list has it, and answers null for an id that isn't there", async () => {
    const reader = offersReader(db.knex);
    expect(await reader.offerPosition('parcelles', apiOrder[0]!)).toBe(0);
    expect(await reader.offerPosition('parcelles', apiOrder[17]!)).toBe(17);
    expect(await reader.offerPosition('parcelles', 999_999)).toBeNull();
  });

  it('gives fleet cards their numbers as numbers, with the cents, and never the owner', async () => {
    const list = await offersReader(db.knex).offerList('flotte', 12);
    expect(list.total).toBe(1);
    expect(list.items[0]).toMatchObject({
      propertyType: 'Villa',
      surface: 135.5,
      estimatedValue: 48500000.5,
      occupationStatus: 'Loué',
    });
    expect(list.items[0]).not.toHaveProperty('owner');
  });

  it('answers an empty list with a zero count', async () => {
    expect(await offersReader(db.knex).offerList('biens', 12)).toEqual({
      kind: 'biens',
      items: [],
      total: 0,
    });
  });
});
