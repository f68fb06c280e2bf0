import { describe, expect, it } from 'vitest';
import { trackingWhatsappHref } from '#client/admin/submissions/tracking-link-panel';
import { trackingPathOf } from '#server/features/tracking/tracking-path';
import { loggableUrl } from '#server/http/request-logging';
import { trackingResendSchema } from '#shared/schemas/tracking';
import { readTrackingOutcome, trackingOutcomeQuery } from '#shared/tracking-rules';

/** The pure parts of the tracking links (docs/product-rules.md, "Tracking link"). */
const TOKEN = 'Ab3_-xYz0123456789abcdefghijklmn';
const URL_OF = `https://edifier.bj/suivi/${TOKEN}`;

describe('logged URLs', () => {
  it('mask the tracking token, whatever its shape, and keep the rest', () => {
    expect(loggableUrl(`/suivi/${TOKEN}`)).toBe('/suivi/[masqué]');
    expect(loggableUrl(`/suivi/${TOKEN}?source=mail`)).toBe('/suivi/[masqué]?source=mail');
    expect(loggableUrl('/suivi/abc')).toBe('/suivi/[masqué]');
    expect(loggableUrl('/suivi')).toBe('/suivi');
    expect(loggableUrl('/suivi?envoi=ok')).toBe('/suivi?envoi=ok');
    expect(loggableUrl('/products/12?token=abc')).toBe('/products/12?token=[masqué]');
  });

  it('mask it in every spelling of the path, and wherever the query holds a tracking link', () => {
    const first = `%${TOKEN.charCodeAt(0).toString(16)}`;
    for (const [url, logged] of [
      [`/SUIVI/${TOKEN}`, '/SUIVI/[masqué]'],
      [`/%73uivi/${TOKEN}`, '/suivi/[masqué]'],
      [`/%2573uivi/${TOKEN}`, '/suivi/[masqué]'],
      [`/suivi/${first}${TOKEN.slice(1)}`, '/suivi/[masqué]'],
      [`/suivi/${TOKEN}/`, '/suivi/[masqué]/…'],
      [`/suivi/${TOKEN}//`, '/suivi/[masqué]/…'],
      [`//suivi//${TOKEN}`, '//suivi/[masqué]'],
      [`/suivi/./${TOKEN}`, '/suivi/[masqué]/…'],
      [`/suivi\\${TOKEN}`, '/suivi/[masqué]'],
      [`/suivi%2F${TOKEN}`, '/suivi/[masqué]'],
      [`/suivi/${TOKEN}%ZZ`, '/suivi/[masqué]'],
      [`http://site.test/suivi/${TOKEN}`, 'http://site.test/suivi/[masqué]'],
      [`/suivi/${TOKEN}/photos/ab12-640.webp`, '/suivi/[masqué]/photos/ab12-640.webp'],
      [`/login?retour=/suivi/${TOKEN}&a=1`, '/login?retour=[masqué]&a=1'],
      [`/?u=https%3A%2F%2Fedifier.bj%2FSUIVI%2F${TOKEN}`, '/?u=[masqué]'],
      [`/?u=%252Fsuivi%252F${TOKEN}`, '/?u=[masqué]'],
      [`/?/suivi/${TOKEN}`, '/?[masqué]'],
    ] as [string, string][])
      expect([url, loggableUrl(url)]).toEqual([url, logged]);
  });
});

describe('tracking paths', () => {
  const page = (isCanonical: boolean) => ({
    kind: 'page',
    token: TOKEN,
    canonical: `/suivi/${TOKEN}`,
    isCanonical,
  });

  it('read the page and its photos in their one form', () => {
    expect(trackingPathOf(`/suivi/${TOKEN}`)).toEqual(page(true));
    expect(trackingPathOf(`/suivi/${TOKEN}?source=mail`)).toEqual(page(true));
    expect(trackingPathOf(`/suivi/${TOKEN}/photos/ab-640.webp`)).toEqual({
      kind: 'photo',
      token: TOKEN,
      canonical: `/suivi/${TOKEN}/photos/ab-640.webp`,
      isCanonical: true,
    });
    expect(trackingPathOf('/suivi/a%20b')).toMatchObject({ token: 'a b', isCanonical: true });
  });

  it('recognise every other spelling the router or the renderer would serve', () => {
    for (const path of [
      `/SUIVI/${TOKEN}`,
      `/%73uivi/${TOKEN}`,
      `/su%69vi/${TOKEN}`,
      `/suivi/${TOKEN}/`,
      `/suivi/${TOKEN}//`,
      `//suivi/${TOKEN}`,
      `/x/../suivi/${TOKEN}`,
      `/suivi/%2e/${TOKEN}`,
      `/suivi\\${TOKEN}`,
      `http://site.test/suivi/${TOKEN}`,
    ])
      expect([path, trackingPathOf(path)]).toEqual([path, page(false)]);
  });

  it('tell apart a tracking path that cannot be decoded, and leave the rest of the site alone', () => {
    expect(trackingPathOf(`/suivi/${TOKEN}%ZZ`)).toEqual({ kind: 'undecodable' });
    expect(trackingPathOf(`/x/%ZZ/suivi/${TOKEN}`)).toEqual({ kind: 'undecodable' });
    for (const path of [
      '/suivi',
      '/suivi/',
      '/suivi?envoi=ok',
      '/products/12',
      '/%ZZ',
      `/suivi/${TOKEN}/autre`,
    ])
      expect([path, trackingPathOf(path)]).toEqual([path, { kind: 'other' }]);
  });
});

describe('the WhatsApp link of a new tracking link', () => {
  const href = (phone: string) =>
    trackingWhatsappHref({ phone, first_name: 'Awa', reference: 'EDF-2026-00042' }, URL_OF);

  it('adds +229 to a Benin number of 8 or 10 digits and keeps an international one', () => {
    expect(href('01 97 12 34 56')).toMatch(/^https:\/\/wa\.me\/2290197123456\?text=/);
    expect(href('97 12 34 56')).toMatch(/^https:\/\/wa\.me\/22997123456\?text=/);
    expect(href('+33 6 12 34 56 78')).toMatch(/^https:\/\/wa\.me\/33612345678\?text=/);
    expect(href('0033 6 12 34 56 78')).toMatch(/^https:\/\/wa\.me\/33612345678\?text=/);
    expect(href('12')).toBeNull();
  });

  it('says, in French, the reference and the link', () => {
    const text = decodeURIComponent(
      new URL(href('+229 01 97 12 34 56') ?? '').searchParams.get('text') ?? '',
    );
    expect(text).toBe(
      `Bonjour Awa, voici le lien privé pour suivre votre demande EDF-2026-00042 : ${URL_OF}`,
    );
  });
});

describe('the /suivi form', () => {
  it('reads a reference as people type it and refuses anything else in French', () => {
    expect(trackingResendSchema.parse({ reference: ' edf-2026-42 ', email: ' A@Exemple.bj ' })).toEqual({
      reference: 'EDF-2026-00042',
      email: 'A@Exemple.bj',
    });
    const refused = trackingResendSchema.safeParse({ reference: 'MSG-2026-00001', email: 'pas-une-adresse' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['reference', 'Référence invalide : elle ressemble à EDF-2026-00042'],
      ['email', 'Adresse e-mail invalide'],
    ]);
  });

  it('carries its outcome as codes only, each field once and known', () => {
    expect(trackingOutcomeQuery({ ok: true })).toBe('?envoi=ok');
    const query = trackingOutcomeQuery({ ok: false, status: 422, fields: ['email', 'reference', 'pirate'] });
    expect(query).toBe('?envoi=erreur&statut=422&champs=reference%2Cemail');
    expect(readTrackingOutcome(new URLSearchParams(query))).toEqual({
      kind: 'error',
      status: 422,
      fields: ['reference', 'email'],
    });
    expect(readTrackingOutcome(new URLSearchParams('?envoi=erreur&statut=abc'))).toEqual({
      kind: 'error',
      status: 500,
      fields: [],
    });
    expect(readTrackingOutcome(new URLSearchParams(''))).toBeNull();
  });
});
