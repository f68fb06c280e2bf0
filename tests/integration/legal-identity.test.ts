import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { testEngines } from '../helpers/test-db';

/**
 * The legal notices' identifiers (docs/product-rules.md, "Identity and content"): the
 * system diagnostic warns, naming each identifier still unset and its setting (the page
 * itself: tests/unit/static-pages.test.tsx).
 */
const IDENTIFIED = {
  SITE_RCCM: 'RB/COT/19 B 24567',
  SITE_IFU: '3201912345678',
  SITE_PUBLICATION_DIRECTOR: 'Mme Afiavi Houénou',
  SITE_HOST_NAME: 'Hébergeur Exemple SAS',
  SITE_HOST_ADDRESS: '2 rue Kellermann, 59100 Roubaix, France',
};

describe.each(testEngines())('legal identity on $name', (engine) => {
  let bare: ApiHarness;
  let identified: ApiHarness;
  const asAdmin = (api: ApiHarness) => ({ Authorization: `Bearer ${api.adminToken}` });

  beforeAll(async () => {
    bare = await openApiHarness(engine, { env: { SITE_RCCM: 'RB/COT/19 B 24567' } });
    identified = await openApiHarness(engine, { env: IDENTIFIED });
  });
  afterAll(async () => {
    await bare?.cleanup();
    await identified?.cleanup();
  });

  it('is for administrators only', async () => {
    await request(bare.app).get('/api/diagnostic/legal-identity').expect(401);
    await request(bare.app)
      .get('/api/diagnostic/legal-identity')
      .set('Authorization', `Bearer ${bare.editorToken}`)
      .expect(403);
  });

  it('warns while identifiers are unset, naming each one and its setting', async () => {
    const { body, headers } = await request(bare.app)
      .get('/api/diagnostic/legal-identity')
      .set(asAdmin(bare))
      .expect(200);
    expect(headers['cache-control']).toContain('no-store');
    expect(body.status).toBe('warning');
    expect(body.missing).toEqual([
      'IFU',
      'directeur de la publication',
      "nom de l'hébergeur",
      "adresse de l'hébergeur",
    ]);
    expect(body.message).toContain('IFU (SITE_IFU)');
    expect(body.message).toContain("nom de l'hébergeur (SITE_HOST_NAME)");
    expect(body.message).not.toContain('SITE_RCCM');
  });

  it('is satisfied once every identifier is set', async () => {
    const { body } = await request(identified.app)
      .get('/api/diagnostic/legal-identity')
      .set(asAdmin(identified))
      .expect(200);
    expect(body).toEqual({ status: 'success', missing: [], message: 'Les mentions légales sont complètes.' });
  });
});
