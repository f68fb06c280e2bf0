import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { mailtoHref, telHref } from '#client/lib/contact-links';
import { paths } from '#shared/paths';
import { SERVICE_LINES_DATA } from '#client/lib/service-lines';
import { COMPANY_VALUES, companyStatistics, initial, VALUES_WORD } from '#client/pages/about/company-values';
import { mapPageUrl } from '#client/pages/contact/map-page-url';
import { LEGAL_PAGES, resolveLegalPage, type LegalText } from '#client/pages/legal/legal-types';
import { legalNoticesSections } from '#client/pages/legal/texts/legal-notices';
import { privacySections } from '#client/pages/legal/texts/privacy';
import { termsSections } from '#client/pages/legal/texts/terms';
import { loadConfig } from '#server/config';

// Settings unlike the defaults: the texts must read them, never repeat them.
const site = loadConfig({
  JWT_SECRET: 'x'.repeat(40),
  STORAGE_DIR: '/tmp/edifier-unused',
  SITE_NAME: 'Bâtisseurs Test SARL',
  SITE_ADDRESS: 'Rue 12, Akpakpa, Cotonou',
  SITE_EMAIL: 'bonjour@batisseurs.test',
  SITE_PHONES: '+229 01 11 11 11 11,+229 01 22 22 22 22,+229 01 33 33 33 33',
}).site;

/** A legal text as the visitor reads it (tags removed, apostrophes as typed). */
function textOf(sections: LegalText): string {
  const html = renderToStaticMarkup(
    <>
      {sections(site).map((section) => (
        <section key={section.id}>
          <h2>{section.title}</h2>
          {section.body}
        </section>
      ))}
    </>,
  );
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('legal page selection', () => {
  it.each([
    ['/privacy', 'privacy'],
    ['/terms', 'terms'],
    ['/legal', 'legal'],
  ] as const)('%s shows the %s text', (pathname, type) => {
    expect(resolveLegalPage(pathname, undefined)).toEqual({ kind: 'page', type });
  });

  it('redirects /legal/{known type} to the text’s own address, so each text has one URL', () => {
    expect(resolveLegalPage('/legal/privacy', 'privacy')).toEqual({ kind: 'redirect', to: paths.privacy });
    expect(resolveLegalPage('/legal/terms', 'terms')).toEqual({ kind: 'redirect', to: paths.terms });
  });

  it.each(['cookies', 'constructor', 'toString', '__proto__', ''])(
    'treats /legal/%s as an unknown type',
    (pageType) => {
      expect(resolveLegalPage(`/legal/${pageType}`, pageType)).toEqual({ kind: 'unknown' });
    },
  );
});

describe('legal texts', () => {
  it('legal notices name the company from the settings, its address, three phones, e-mail and a 10,000,000 FCFA share capital', () => {
    const text = textOf(legalNoticesSections);
    for (const fact of [site.name, site.address, site.email, ...site.phones]) expect(text).toContain(fact);
    expect(text).toContain('10 000 000 FCFA');
    expect(text).toContain('Directeur de la publication');
    expect(text).toContain('Hébergement');
    expect(text).toContain('RCCM');
    expect(text).not.toContain('EDIFIER');
  });

  it('legal notices say "communiqué sur demande" for each identifier the settings leave unset', () => {
    const text = textOf(legalNoticesSections);
    expect(text).toContain('Registre du commerce et du crédit mobilier : communiqué sur demande');
    expect(text).toContain('Identifiant fiscal unique : communiqué sur demande');
    expect(text).toContain('est le représentant légal de Bâtisseurs Test SARL');
    expect(text).toContain('communiquées sur simple demande');
  });

  it('legal notices print the RCCM, IFU, publication director and host from the settings', () => {
    const identified = loadConfig({
      JWT_SECRET: 'x'.repeat(40),
      STORAGE_DIR: '/tmp/edifier-unused',
      SITE_RCCM: 'RB/COT/19 B 24567',
      SITE_IFU: '3201912345678',
      SITE_PUBLICATION_DIRECTOR: 'Mme Afiavi Houénou',
      SITE_HOST_NAME: 'Hébergeur Exemple SAS',
      SITE_HOST_ADDRESS: '2 rue Kellermann, 59100 Roubaix, France',
    }).site;
    const html = renderToStaticMarkup(
      <>
        {legalNoticesSections(identified).map((section) => (
          <section key={section.id}>{section.body}</section>
        ))}
      </>,
    ).replace(/<[^>]+>/g, ' ');
    for (const fact of [
      'RB/COT/19 B 24567',
      '3201912345678',
      'Mme Afiavi Houénou',
      'Hébergeur Exemple SAS',
      '2 rue Kellermann, 59100 Roubaix, France',
    ]) {
      expect(html).toContain(fact);
    }
    expect(html).not.toContain('communiqué sur demande');
  });

  it('the privacy policy covers collection, use, protection, retention, rights, unsubscribing, consent and cookies', () => {
    const text = textOf(privacySections);
    for (const topic of [
      'Soumettre un projet',
      'WhatsApp',
      'Utilisation de vos données',
      'Protection de vos données',
      'Durée de conservation',
      'droit d’accès',
      'droit de rectification',
      'droit de suppression',
      'Désinscription',
      'Consentement',
      'ne dépose aucun cookie',
      'APDP',
    ]) {
      expect(text, topic).toContain(topic);
    }
    expect(text).toContain(site.email);
  });

  it('the terms grant a licence, disclaim warranties and choose the law of Benin and the courts of Cotonou', () => {
    const text = textOf(termsSections);
    expect(text).toContain('licence personnelle');
    expect(text).toContain('Exclusion de garantie');
    expect(text).toContain('Limitation de responsabilité');
    expect(text).toContain('droit de la République du Bénin');
    expect(text).toContain('juridictions compétentes de Cotonou');
    expect(text).toContain(site.name);
  });

  it('every section of every text has a distinct anchor for the table of contents', () => {
    for (const sections of [privacySections, termsSections, legalNoticesSections]) {
      const ids = sections(site).map((section) => section.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const id of ids) expect(id).toMatch(/^[a-z-]+$/);
    }
    expect(Object.keys(LEGAL_PAGES)).toEqual(['privacy', 'terms', 'legal']);
  });
});

describe('about page content', () => {
  it('the seven values, in the product rules order, spell EDIFIER (accents dropped from the initials)', () => {
    expect(COMPANY_VALUES.map((value) => value.name)).toEqual([
      'Empathie',
      'Diligence',
      'Intégrité',
      'Fidélité',
      'Innovation',
      'Excellence',
      'Responsabilité',
    ]);
    expect(VALUES_WORD).toBe('EDIFIER');
    expect(initial('Éthique')).toBe('E');
  });

  it('states the years of experience it is given, then 300+, 95% and 20+', () => {
    expect(companyStatistics(15).map((stat) => stat.value)).toEqual(['15+', '300+', '95%', '20+']);
  });
});

describe('service lines', () => {
  it('link each card where the product rules say, with its words', () => {
    expect(SERVICE_LINES_DATA.map((s) => [s.link, s.linkText])).toEqual([
      [paths.offers, 'Voir nos offres'],
      [paths.submitProject, 'Voir nos réalisations'],
      [paths.projects, 'Découvrir nos projets'],
    ]);
  });
});

describe('contact links', () => {
  it('dials the number without its spaces and keeps the country code', () => {
    expect(telHref('+229 01 97 12 34 56')).toBe('tel:+2290197123456');
  });

  it('prefills an encoded subject line', () => {
    expect(mailtoHref('a@b.bj', 'Demande d’informations & devis')).toBe(
      'mailto:a@b.bj?subject=Demande%20d%E2%80%99informations%20%26%20devis',
    );
    expect(mailtoHref('a@b.bj')).toBe('mailto:a@b.bj');
  });

  it('opens a Google embed as the normal map page, and any other provider as configured', () => {
    expect(mapPageUrl('https://www.google.com/maps?q=D%C3%A9gakon&output=embed')).toBe(
      'https://www.google.com/maps?q=D%C3%A9gakon',
    );
    const osm = 'https://www.openstreetmap.org/export/embed.html?bbox=2.4,6.3,2.5,6.4';
    expect(mapPageUrl(osm)).toBe(osm);
  });
});
