import express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { AppError, ValidationError } from '#server/errors';
import { errorHandler } from '#server/http/error-handler';
import { ensureStorageLayout, storageLayout } from '#server/storage/layout';
import { testEngines, type TestDb } from '../helpers/test-db';
import { silentLogger, testConfig, type TestConfig } from '../helpers/test-config';

describe.each(testEngines())('API plumbing on $name', (engine) => {
  let db: TestDb;
  let env: TestConfig;
  let app: express.Express;

  beforeAll(async () => {
    db = await engine.open({ migrate: true });
    env = testConfig(db.database);
    // Readiness also writes a probe in each storage folder.
    ensureStorageLayout(storageLayout(env.config.storageDir));
    app = createApp({ config: env.config, db: db.knex, logger: silentLogger(), root: process.cwd() });
  });
  afterAll(async () => {
    await db.cleanup();
    env.dispose();
  });

  it('answers the health check with status and environment only, without touching the database', async () => {
    const response = await request(app).get('/api/health-check').expect(200);
    expect(response.body).toEqual({ status: 'ok', environment: 'test' });
  });

  it('answers ready when the database answers and storage takes writes', async () => {
    await request(app).get('/api/ready').expect(200, { status: 'ready' });
  });

  it('sends the browsers asking for /favicon.ico to the site’s icon', async () => {
    const response = await request(app).get('/favicon.ico').expect(301);
    expect(response.headers.location).toBe('/favicon.svg');
    const icon = await request(app).get('/favicon.svg').expect(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('answers an unknown /api path with a JSON 404 in French', async () => {
    const response = await request(app).get('/api/nulle-part').expect(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.body).toEqual({ message: 'Route API introuvable.' });
  });

  it('hides the framework and tags every response with a request id', async () => {
    const response = await request(app).get('/api/health-check');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a well-formed request id from a proxy and replaces a hostile one', async () => {
    const kept = await request(app).get('/api/health-check').set('X-Request-Id', 'proxy-1234abcd');
    expect(kept.headers['x-request-id']).toBe('proxy-1234abcd');
    const replaced = await request(app)
      .get('/api/health-check')
      .set('X-Request-Id', '<script>alert(1)</script>');
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses a JSON body over the limit with 413 and a French message', async () => {
    const response = await request(app)
      .post('/api/health-check')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ filler: 'x'.repeat(150 * 1024) }))
      .expect(413);
    expect(response.body).toEqual({ message: 'Requête trop volumineuse.' });
  });

  it('refuses malformed JSON with 400 and no parser details', async () => {
    const response = await request(app)
      .post('/api/health-check')
      .set('Content-Type', 'application/json')
      .send('{"a":')
      .expect(400);
    expect(response.body).toEqual({ message: 'Corps de requête JSON invalide.' });
  });

  it('serves only image files from public storage', async () => {
    await request(app).get('/storage/products/absent.jpg').expect(404);
    await request(app).get('/storage/../database.sqlite').expect(404);
    await request(app).get('/storage/%2e%2e/database.sqlite').expect(404);
    await request(app).get('/storage/.jwt-secret').expect(404);
  });
});

describe('the error handler', () => {
  function appThrowing(error: unknown) {
    const app = express();
    app.use((req, _res, next) => {
      (req as unknown as { log: unknown }).log = silentLogger();
      next();
    });
    app.get('/boom', () => {
      throw error;
    });
    app.use(errorHandler);
    return app;
  }

  it('answers validation errors as 422 { message, errors }', async () => {
    const response = await request(
      appThrowing(new ValidationError({ name: ['Le nom doit contenir au moins 3 caractères'] })),
    )
      .get('/boom')
      .expect(422);
    expect(response.body).toEqual({
      message: 'Erreur de validation',
      errors: { name: ['Le nom doit contenir au moins 3 caractères'] },
    });
  });

  it('passes typed errors with their status and headers', async () => {
    const response = await request(
      appThrowing(new AppError(429, 'Trop de tentatives.', undefined, { 'Retry-After': '600' })),
    )
      .get('/boom')
      .expect(429);
    expect(response.headers['retry-after']).toBe('600');
    expect(response.body).toEqual({ message: 'Trop de tentatives.' });
  });

  it('never sends a stack trace for an unexpected error', async () => {
    const response = await request(appThrowing(new Error('secret interne /etc/passwd')))
      .get('/boom')
      .expect(500);
    expect(response.body).toEqual({ message: 'Erreur interne du serveur. Veuillez réessayer plus tard.' });
    expect(response.text).not.toContain('secret interne');
    expect(response.text).not.toContain('at ');
  });
});
