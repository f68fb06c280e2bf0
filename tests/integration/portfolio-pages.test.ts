import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '#server/app';
import { createRenderer, type SsrRenderer } from '#server/ssr/renderer';
import { ensureStorageLayout, storageLayout } from '#server/storage/layout';
import { aProject } from '../helpers/builders';
import { silentLogger, testConfig, type TestConfig } from '../helpers/test-config';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * Home, portfolio and project pages when a read fails (product rules, Messages and errors) and their
 * server-side filter, on the production build: a failing promotions query is a message in
 * its block, not a failed home page; a failing project read is the detail's own message.
 */
describe.each(testEngines())('portfolio pages on $name', (engine) => {
  let db: TestDb;
  let env: TestConfig;
  let renderer: SsrRenderer;
  let app: express.Express;
  let projectId: number;

  beforeAll(async () => {
    db = await engine.open({ migrate: true });
    env = testConfig(db.database);
    ensureStorageLayout(storageLayout(env.config.storageDir));
    const project = { numero: 'PRJ-T', status: 'En cours', description: 'Une description assez longue' };
    await aProject(db, {
      ...project,
      title: 'Maison & jardin <b>',
      categories: '["Résidentiel","Paysager"]',
      date: '2024-03-01',
    });
    projectId = (
      await aProject(db, {
        ...project,
        title: 'Entrepôt du port',
        categories: '["Industriel"]',
        date: '2024-02-01',
      })
    ).id;
    renderer = await createRenderer({
      config: env.config,
      db: db.knex,
      logger: silentLogger(),
      root: process.cwd(),
      mode: 'build',
    });
    app = createApp({
      config: env.config,
      db: db.knex,
      logger: silentLogger(),
      root: process.cwd(),
      renderer,
    });
  });
  afterAll(async () => {
    await renderer?.close();
    await db.cleanup();
    env.dispose();
  });

  it('filters the portfolio on the server by ?categorie= and marks the active pill', async () => {
    const { text } = await request(app).get('/projects?categorie=Paysager').expect(200);
    expect(text).toMatch(
      /<a class="pill" href="\/projects\?categorie=Paysager" aria-current="true">Paysager<\/a>/,
    );
    expect(text).toContain('<h2>Maison &amp; jardin &lt;b&gt;</h2>');
    expect(text).not.toContain('<h2>Entrepôt du port</h2>');
  });

  it('shows a project without any image with the placeholder and its info box', async () => {
    const { text } = await request(app).get(`/projects/${projectId}`).expect(200);
    expect(text).toContain('Contenu visuel à venir');
    expect(text).toContain('PRJ-T');
    expect(text).toContain('En cours');
    expect(text).not.toContain('data-island');
  });

  it("keeps the home page when the promotions cannot be read, with 'Impossible de charger les promotions.' in their block", async () => {
    await db.knex.schema.renameTable('promotions', 'promotions_hidden');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { text } = await request(app).get('/').expect(200);
      expect(text).toContain('Impossible de charger les promotions.');
      expect(text).toContain('Entrepôt du port');
      expect(logged).toHaveBeenCalledWith(
        'Accueil : chargement des promotions impossible',
        expect.any(Error),
      );
    } finally {
      logged.mockRestore();
      await db.knex.schema.renameTable('promotions_hidden', 'promotions');
    }
  });

  it("answers a project read failure with 500 and 'Erreur lors du chargement du projet : Erreur HTTP 500'", async () => {
    await db.knex.schema.renameTable('project_images', 'project_images_hidden');
    try {
      const { text } = await request(app).get(`/projects/${projectId}`).expect(500);
      expect(text).toContain('Erreur lors du chargement du projet : Erreur HTTP 500');
      expect(text).toContain('Retour aux projets');
    } finally {
      await db.knex.schema.renameTable('project_images_hidden', 'project_images');
    }
  });
});
