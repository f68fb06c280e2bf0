/**
 * The phases of a building site, in the order a house goes up (docs/product-rules.md,
 * "Site updates"): the code is what the API and the database hold, the label what the
 * client and the staff read.
 */
export const SITE_PHASES = [
  { code: 'etudes', label: 'Études et plans' },
  { code: 'terrassement', label: 'Terrassement et fondations' },
  { code: 'elevation', label: 'Élévation des murs' },
  { code: 'toiture', label: 'Toiture' },
  { code: 'second-oeuvre', label: 'Second œuvre' },
  { code: 'finitions', label: 'Finitions' },
  { code: 'livraison', label: 'Livraison' },
] as const;

export type SitePhase = (typeof SITE_PHASES)[number]['code'];

export function sitePhaseLabel(code: string): string {
  return SITE_PHASES.find((phase) => phase.code === code)?.label ?? code;
}

/** Photos of one update, kept and new together. */
export const SITE_UPDATE_PHOTOS_MAX = 10;
