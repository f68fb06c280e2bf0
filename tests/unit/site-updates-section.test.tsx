import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SiteUpdatesSection } from '#client/pages/tracking/site-updates-section';
import { photoView } from '#server/features/site-updates/published-updates';
import type { SiteUpdatesView } from '#shared/site-updates';

/**
 * The 'Suivi de chantier' section as the server renders it (docs/product-rules.md, "Site
 * updates"): the phase and the progress bar, the updates newest first, responsive photos
 * light enough for a phone, each a plain link to its large variant (no JavaScript needed).
 */

const BASE = '/suivi/AbCdEfGhIjKlMnOpQrStUvWxYz012345/';

const photo = (name: string, width = 1280, height = 960) =>
  photoView({ id: 1, update_id: 1, name, width, height, position: 0 });

const VIEW: SiteUpdatesView = {
  current: { phase: 'toiture', phase_label: 'Toiture', progress: 70 },
  updates: [
    {
      id: 2,
      date: '2026-11-20',
      phase: 'toiture',
      phase_label: 'Toiture',
      progress: 70,
      text: 'La charpente est posée.\n\nLes tôles arrivent lundi <b>si tout va bien</b>.',
      photos: [photo('aaaaaaaaaaaaaaaa'), photo('bbbbbbbbbbbbbbbb'), photo('cccccccccccccccc', 500, 375)],
    },
    {
      id: 1,
      date: '2026-10-02',
      phase: 'elevation',
      phase_label: 'Élévation des murs',
      progress: 45,
      text: 'Les murs sont montés.',
      photos: [photo('dddddddddddddddd')],
    },
  ],
};

function render(view: SiteUpdatesView = VIEW): string {
  return renderToStaticMarkup(<SiteUpdatesSection view={view} photoBase={BASE} />);
}

/** The opening tags of an element, in document order (the markup is React's, regular). */
function tags(html: string, name: string): string[] {
  return [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, 'g'))].map((match) => match[0]);
}

function attr(tag: string, name: string): string | null {
  const value = new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1];
  return value === undefined ? null : value.replaceAll('&amp;', '&');
}

/** The text of every element opened by `open` (e.g. `<h3`), tags removed, entities read. */
function texts(html: string, open: RegExp, close: string): string[] {
  return [...html.matchAll(new RegExp(`${open.source}[^>]*>(.*?)</${close}>`, 'gs'))].map((match) =>
    (match[1] ?? '')
      .replace(/<[^>]+>/g, '')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&')
      .replaceAll('&#x27;', "'"),
  );
}

describe('SiteUpdatesSection', () => {
  it('shows the current phase among the seven and an accessible progress bar', () => {
    const html = render();
    expect(texts(html, /<p class="site-phase"/, 'p')).toEqual(['Phase actuelle : Toiture']);
    const [bar] = tags(html, 'progress');
    expect([attr(bar!, 'max'), attr(bar!, 'value')]).toEqual(['100', '70']);
    const [label] = tags(html, 'label');
    expect(attr(label!, 'for')).toBe(attr(bar!, 'id'));
    expect(texts(html, /<label/, 'label')).toEqual(['Avancement global : 70 %']);
    expect(tags(html.slice(html.indexOf('site-phase-steps'), html.indexOf('</ol>')), 'li')).toHaveLength(7);
    expect(texts(html, /<li class="current" aria-current="step"/, 'li')).toEqual(['Toiture']);
  });

  it('lists the updates newest first, dates in French, text escaped and split in paragraphs', () => {
    const html = render();
    expect(texts(html, /<h3/, 'h3')).toEqual(['20/11/2026 · Toiture', '02/10/2026 · Élévation des murs']);
    expect(attr(tags(html, 'time')[0]!, 'datetime')).toBe('2026-11-20');
    expect(texts(html, /<p class="site-update-text"/, 'p')).toEqual([
      'La charpente est posée.',
      'Les tôles arrivent lundi <b>si tout va bien</b>.',
      'Les murs sont montés.',
    ]);
    expect(html).not.toContain('<b>');
  });

  it('gives every photo srcset, sizes, width and height under the token path, lazy after the first', () => {
    const images = tags(render(), 'img');
    expect(images).toHaveLength(4);
    expect(images.map((img) => attr(img, 'loading'))).toEqual(['eager', 'lazy', 'lazy', 'lazy']);
    const [lead, , narrow] = images;
    expect(attr(lead!, 'src')).toBe(`${BASE}photos/aaaaaaaaaaaaaaaa-640.webp`);
    expect(attr(lead!, 'srcset')).toBe(
      `${BASE}photos/aaaaaaaaaaaaaaaa-320.webp 320w, ${BASE}photos/aaaaaaaaaaaaaaaa-640.webp 640w`,
    );
    expect(attr(lead!, 'sizes')).toBeTruthy();
    expect([attr(lead!, 'width'), attr(lead!, 'height')]).toEqual(['640', '480']);
    expect(attr(lead!, 'alt')).toBe('Photo 1 sur 3 du chantier, 20/11/2026 (Toiture)');
    // A 500 px photo is never announced wider than it is.
    expect(attr(narrow!, 'srcset')).toBe(
      `${BASE}photos/cccccccccccccccc-320.webp 320w, ${BASE}photos/cccccccccccccccc-640.webp 500w`,
    );
    expect([attr(narrow!, 'width'), attr(narrow!, 'height')]).toEqual(['500', '375']);
  });

  it('keeps the first view light: one eager photo, nothing wider than 640 px inline', () => {
    const images = tags(render(), 'img');
    expect(images.filter((img) => attr(img, 'loading') !== 'lazy')).toHaveLength(1);
    for (const img of images) {
      const widths = attr(img, 'srcset')!
        .split(', ')
        .map((candidate) => Number(/ (\d+)w$/.exec(candidate)![1]));
      expect(Math.max(...widths)).toBeLessThanOrEqual(640);
    }
  });

  it('opens each photo full screen through a plain link to its large variant, without a referrer', () => {
    const html = render();
    const links = tags(html, 'a');
    expect(links.map((a) => attr(a, 'href'))).toEqual([
      `${BASE}photos/aaaaaaaaaaaaaaaa-1280.webp`,
      `${BASE}photos/bbbbbbbbbbbbbbbb-1280.webp`,
      `${BASE}photos/cccccccccccccccc-640.webp`,
      `${BASE}photos/dddddddddddddddd-1280.webp`,
    ]);
    expect(links.every((a) => attr(a, 'rel') === 'noreferrer')).toBe(true);
    // Each link holds its picture: the image is the link's content.
    expect(html.match(/<a [^>]*><img [^>]*\/><\/a>/g)).toHaveLength(4);
    expect(html).not.toContain('<script');
  });

  it('says the site has no news yet when nothing is published', () => {
    const html = render({ current: null, updates: [] });
    expect(tags(html, 'progress')).toEqual([]);
    expect(tags(html, 'img')).toEqual([]);
    expect(texts(html, /<p class="site-empty"/, 'p')[0]).toContain('premières nouvelles du chantier');
  });
});
