import type { RequestListener } from 'node:http';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import type { SsrRenderer } from '#server/ssr/renderer';
import { paths } from '#shared/paths';
import { submissionMessages } from '#shared/submission-rules';
import { builtRenderer, openApiHarness, type ApiHarness } from '../helpers/api-harness';
import { jpeg } from '../helpers/images';
import { silentLogger } from '../helpers/test-config';
import { testEngines } from '../helpers/test-db';
import { VALID_FIELDS, pdfBytes, submit } from './submission-fixtures';

/**
 * What a client finds and answers on the public side, on the production build and every
 * engine (docs/product-rules.md, "Tracking link", "Site updates", "Pages and routes" and
 * "Confirmation of a request"): the tracking page read as a conversation, its WhatsApp
 * reply, 'Suivre ma demande' wherever a client may look for it, and a refused request
 * without JavaScript that comes back with everything typed.
 */

const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const SUIVRE = `<a href="${paths.tracking}">Suivre ma demande</a>`;

/** React escapes `&` in attributes; the browser reads them back. */
const attribute = (value: string) => value.replaceAll('&amp;', '&');

describe.each(testEngines())('public follow-up on $name', (engine) => {
  let api: ApiHarness;
  let renderer: SsrRenderer;
  let site: RequestListener;
  const page = async (path: string, status = 200) => (await request(site).get(path).expect(status)).text;

  beforeAll(async () => {
    api = await openApiHarness(engine, {
      env: { SUBMISSION_RATE_LIMIT: '1000', TRACKING_GUESS_LIMIT: '1000' },
    });
    renderer = await builtRenderer(api);
    site = createApp({
      config: api.env.config,
      db: api.db.knex,
      logger: silentLogger(),
      root: process.cwd(),
      renderer,
    }) as unknown as RequestListener;
  });
  afterAll(async () => {
    await renderer?.close();
    await api?.cleanup();
  });

  it('shows the site’s updates first, then the history and messages, then a WhatsApp reply with the first name, the reference and the link only', async () => {
    const sent = await submit(site as never, { ...VALID_FIELDS, phone: '+33 6 12 34 56 78' }).expect(201);
    const { id } = sent.body.data as { id: number };
    const reference = sent.body.reference as string;
    const url = sent.body.tracking_url as string;
    const bearer = { Authorization: `Bearer ${api.adminToken}` };
    await request(site)
      .patch(`/api/admin/project-submissions/${id}/status`)
      .set(bearer)
      .send({ status: 'approved', client_message: 'Le chantier commence lundi.' })
      .expect(200);
    await request(site)
      .post(`/api/admin/project-submissions/${id}/updates`)
      .set(bearer)
      .field('date', '2026-11-20')
      .field('phase', 'terrassement')
      .field('progress', '15')
      .field('text', 'Fouilles terminées.')
      .field('published', '1')
      .attach('photos[]', await jpeg({ width: 800, height: 600 }), 'chantier.jpg')
      .expect(201);

    const html = await page(new URL(url).pathname);
    const order = [
      'Suivi de votre demande',
      'Fouilles terminées.',
      'Historique et messages',
      'Le chantier commence lundi.',
      'Répondre sur WhatsApp',
    ].map((text) => html.indexOf(text));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const href =
      /<a class="btn btn-whatsapp" href="([^"]+)"[^>]*>(?:(?!<\/a>)[\s\S])*Répondre sur WhatsApp<\/a>/.exec(
        html,
      )?.[1];
    expect(href).toBeDefined();
    const reply = new URL(attribute(href!));
    expect(`${reply.origin}${reply.pathname}`).toBe(
      `https://wa.me/${api.env.config.site.whatsapp.replace(/\D/g, '')}`,
    );
    expect(reply.searchParams.get('text')).toBe(
      `Bonjour, ici Awa. Je vous écris au sujet de ma demande ${reference} (page de suivi : ${url}).`,
    );
    // The floating button says the same: one message on this page.
    const float = /<a class="whatsapp-float" href="([^"]+)"/.exec(html)?.[1];
    expect(new URL(attribute(float!)).searchParams.get('text')).toBe(reply.searchParams.get('text'));
    // The old advice gave way to the reference itself.
    expect(html).not.toContain('Rappelez votre référence');
    expect(html).toContain(`en indiquant la référence ${reference}`);
    for (const personal of ['Houénou', VALID_FIELDS.email!, '6 12 34 56 78', 'Cotonou, Fidjrossè', '25M'])
      expect(html).not.toContain(personal);
  });

  it('links to /suivi from every public page’s footer, and from /contact and /submit-project themselves', async () => {
    for (const path of [
      paths.home,
      paths.services,
      paths.products,
      paths.offers,
      paths.projects,
      paths.promotions,
      paths.about,
      paths.contact,
      paths.submitProject,
      paths.tracking,
      paths.legal,
    ]) {
      const html = await page(path);
      const footer = html.slice(html.indexOf('<footer'));
      expect(footer, path).toContain(SUIVRE);
    }
    for (const path of [paths.contact, paths.submitProject]) {
      const html = await page(path);
      const main = html.slice(html.indexOf('<main'), html.indexOf('<footer'));
      expect(main, path).toContain(`href="${paths.tracking}"`);
    }
    // Elsewhere the floating button keeps its greeting.
    const contact = await page(paths.contact);
    const float = /<a class="whatsapp-float" href="([^"]+)"/.exec(contact)?.[1];
    expect(new URL(attribute(float!)).searchParams.get('text')).toBe(
      `Bonjour ${api.env.config.site.name}, je vous écris depuis votre site.`,
    );
    // /suivi says what the tracking page shows, and that its link comes by e-mail.
    const suivi = await page(paths.tracking);
    expect(suivi).toContain('l’avancement du chantier avec ses photos, le statut');
    expect(suivi).toContain('Son lien privé vous arrive par e-mail');
  });

  it('points to /suivi from a request’s confirmation after a post without JavaScript', async () => {
    const posted = request(site).post('/api/submit-project').set('Accept', BROWSER_ACCEPT);
    for (const [name, value] of Object.entries(VALID_FIELDS)) posted.field(name, value);
    const response = await posted.expect(303);
    const html = await page(String(response.headers.location));
    const confirmation = html.slice(html.indexOf('submission-confirmation'), html.indexOf('<footer'));
    expect(confirmation).toContain('Votre référence');
    expect(confirmation).toContain(SUIVRE);
  });

  it('gives a refused request without JavaScript back with every typed field and each message beside its field', async () => {
    const typed = {
      ...VALID_FIELDS,
      firstName: '',
      email: 'awa@',
      description: 'Une villa à garder <telle quelle>.',
    };
    const posted = request(site).post('/api/submit-project').set('Accept', BROWSER_ACCEPT);
    for (const [name, value] of Object.entries(typed)) posted.field(name, value);
    posted.attach('attachments[]', pdfBytes(), 'Plan.pdf');
    const response = await posted.expect(303);
    const back = await request(site).get(String(response.headers.location)).expect(200);
    // One visitor's words: never cached nor indexed.
    expect(back.headers['cache-control']).toBe('no-store');
    const html = back.text;
    expect(html).toContain('value="awa@"');
    expect(html).toContain(`value="${VALID_FIELDS.lastName}"`);
    expect(html).toContain(`value="${VALID_FIELDS.projectTitle}"`);
    expect(html).toContain('Une villa à garder &lt;telle quelle&gt;.</textarea>');
    expect(html).toMatch(/<option value="25M - 50M FCFA" selected="">/);
    expect(html).toContain(submissionMessages.firstNameRequired);
    expect(html).toContain(submissionMessages.emailInvalid);
    expect(html).toContain('Seuls les fichiers joints sont à choisir de nouveau.');
  });

  it('says the euro amounts are indicatifs, in the plural, where a page gives several', async () => {
    for (const path of [paths.offers, paths.submitProject]) {
      const html = await page(path);
      expect(html, path).toContain('Les montants en euros sont indicatifs (1 € = 655,957 F CFA).');
      expect(html, path).not.toMatch(/montants en euros (sont )?indicatif[^s]/);
    }
  });
});
