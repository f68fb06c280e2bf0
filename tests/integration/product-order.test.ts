import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { aProduct } from '../helpers/builders';
import { testEngines } from '../helpers/test-db';

/**
 * The order form's address (docs/product-rules.md, "WhatsApp"): `GET /products/{id}/whatsapp`
 * answers 303 to the company's wa.me chat with the message for the typed quantity, the
 * availability question when the product is out of stock, and a French error otherwise.
 */
const WHATSAPP = '22990001122';

/** The prefilled message of a wa.me address, decoded, with every kind of space made plain. */
function messageOf(location: string): string {
  const url = new URL(location);
  expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${WHATSAPP}`);
  return (url.searchParams.get('text') ?? '').replace(/[\s\u202f\u00a0]+/g, ' ');
}

describe.each(testEngines())('product order links on $name', (engine) => {
  let api: ApiHarness;
  let inStock: { id: number };
  let outOfStock: { id: number };

  beforeAll(async () => {
    api = await openApiHarness(engine, { env: { SITE_WHATSAPP: WHATSAPP } });
    inStock = await aProduct(api.db.knex, {
      reference: 'PRD-0420',
      name: 'Ciment CPJ 45 (sac de 50 kg)',
      price: 5_500,
      stock: 1_200,
    });
    outOfStock = await aProduct(api.db.knex, {
      reference: 'PRD-0421',
      name: 'Fer à béton HA 12',
      price: 7_250,
      stock: 0,
    });
  });
  afterAll(() => api?.cleanup());

  it('orders the typed quantity with the unit price and the total, never kept by a cache', async () => {
    const response = await request(api.app).get(`/products/${inStock.id}/whatsapp?quantite=40`).expect(303);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-robots-tag']).toBe('noindex');
    expect(messageOf(response.headers.location!)).toBe(
      'Bonjour, je souhaite commander 40 × « Ciment CPJ 45 (sac de 50 kg) » (réf. PRD-0420) au prix unitaire de 5 500 F CFA, soit 220 000 F CFA au total. Est-il disponible ?',
    );
  });

  it('orders one unit without a total when no quantity is given', async () => {
    const response = await request(api.app).get(`/products/${inStock.id}/whatsapp`).expect(303);
    expect(messageOf(response.headers.location!)).toBe(
      'Bonjour, je souhaite commander 1 × « Ciment CPJ 45 (sac de 50 kg) » (réf. PRD-0420) au prix unitaire de 5 500 F CFA. Est-il disponible ?',
    );
  });

  it('asks when an out-of-stock product comes back, with the quantity wanted', async () => {
    const response = await request(api.app)
      .get(`/products/${outOfStock.id}/whatsapp?quantite=15`)
      .expect(303);
    expect(messageOf(response.headers.location!)).toBe(
      'Bonjour, le produit « Fer à béton HA 12 » (réf. PRD-0421) est indiqué en rupture de stock sur votre site. Quand sera-t-il de nouveau disponible ? Quantité souhaitée : 15.',
    );
  });

  it.each(['0', '-3', '2.5', 'dix', '10000', ''])(
    "refuses the quantity '%s' with a French message",
    async (quantity) => {
      const response = await request(api.app)
        .get(`/products/${inStock.id}/whatsapp?quantite=${encodeURIComponent(quantity)}`)
        .expect(400);
      expect(response.body.message).toBe('Quantité invalide : indiquez un nombre entier de 1 à 9 999.');
      expect(response.headers.location).toBeUndefined();
    },
  );

  it('answers 404 for an unknown or malformed product', async () => {
    for (const id of ['999999', 'abc', '0']) {
      const response = await request(api.app).get(`/products/${id}/whatsapp?quantite=2`).expect(404);
      expect(response.body.message).toBe('Produit non trouvé');
    }
  });
});
