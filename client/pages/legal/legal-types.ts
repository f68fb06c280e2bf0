import type { ReactNode } from 'react';
import type { SiteSettings } from '#shared/site-settings';
import { paths } from '#shared/paths';

/** The three legal pages of product rules, Pages and routes, by their pageType. */
export const LEGAL_PAGES = {
  privacy: { path: paths.privacy, title: 'Politique de confidentialité' },
  terms: { path: paths.terms, title: 'Conditions d’utilisation' },
  legal: { path: paths.legal, title: 'Mentions légales' },
} as const;

export type LegalType = keyof typeof LEGAL_PAGES;

/** The texts are revised by hand: this date changes with them. */
export const LEGAL_UPDATED = '21 novembre 2026';

/** One titled part of a legal text; its id is the anchor of the table of contents. */
export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

export type LegalText = (site: SiteSettings) => LegalSection[];

export function isLegalType(value: string): value is LegalType {
  return Object.hasOwn(LEGAL_PAGES, value);
}

export type LegalResolution =
  { kind: 'page'; type: LegalType } | { kind: 'redirect'; to: string } | { kind: 'unknown' };

/**
 * Which legal page a request shows. /privacy, /terms and /legal name their type; under
 * /legal/{pageType} a known type redirects to its own address (one URL per text) and any
 * other is the "Cette page n'existe pas." page.
 */
export function resolveLegalPage(pathname: string, pageType: string | undefined): LegalResolution {
  if (pageType !== undefined)
    return isLegalType(pageType) ? { kind: 'redirect', to: LEGAL_PAGES[pageType].path } : { kind: 'unknown' };
  const type = pathname.replace(/^\/+|\/+$/g, '');
  return isLegalType(type) ? { kind: 'page', type } : { kind: 'unknown' };
}
