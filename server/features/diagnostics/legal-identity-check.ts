import type { SiteSettings } from '#shared/site-settings';
import { missingLegalIdentifiers } from '#shared/site-settings';

/**
 * The legal notices' card of the system diagnostic: a warning while an identifier the law
 * asks a Beninese company to publish (RCCM, IFU, publication director, host) is still
 * unset, naming each one and the setting that fills it.
 */
export interface LegalIdentityReport {
  status: 'success' | 'warning';
  missing: string[];
  message: string;
}

const SETTING_OF: Record<string, string> = {
  RCCM: 'SITE_RCCM',
  IFU: 'SITE_IFU',
  'directeur de la publication': 'SITE_PUBLICATION_DIRECTOR',
  "nom de l'hébergeur": 'SITE_HOST_NAME',
  "adresse de l'hébergeur": 'SITE_HOST_ADDRESS',
};

export function legalIdentityReport(site: Pick<SiteSettings, 'legal'>): LegalIdentityReport {
  const missing = missingLegalIdentifiers(site.legal);
  if (missing.length === 0) {
    return { status: 'success', missing, message: 'Les mentions légales sont complètes.' };
  }
  const named = missing.map((label) => `${label} (${SETTING_OF[label] ?? '?'})`).join(', ');
  return {
    status: 'warning',
    missing,
    message: `Mentions légales incomplètes : ${named} non renseigné(s). Les mentions légales affichent « communiqué sur demande » à leur place.`,
  };
}
