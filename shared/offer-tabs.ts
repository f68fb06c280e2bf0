import { paths } from '#shared/paths';
import { foldText } from './fold-text';

/**
 * The six tabs of the offers page (product rules, Pages and routes). The first three list offers
 * from the API; the last three only show a placeholder text.
 */
export type ListTab = 'parcelles' | 'flotte' | 'biens';
export type PlaceholderTab = 'sic' | 'construction-bail' | 'suivi-chantier';
export type OfferTab = ListTab | PlaceholderTab;

export const OFFER_TABS: readonly { key: OfferTab; label: string }[] = [
  { key: 'parcelles', label: 'Parcelles' },
  { key: 'flotte', label: 'Flotte immobilière' },
  { key: 'biens', label: 'Biens divers' },
  { key: 'sic', label: 'SIC' },
  { key: 'construction-bail', label: 'Construction Bail' },
  { key: 'suivi-chantier', label: 'Suivi de chantier' },
];

/** Product rules, Limits and constants: offers tab Parcelles. */
export const DEFAULT_TAB: OfferTab = 'parcelles';

/** The public list each list tab reloads (product rules, API; no token, product rules). */
export const OFFER_API: Record<ListTab, string> = {
  parcelles: '/parcels',
  flotte: '/flotte-immobiliere',
  biens: '/biens-immobiliers',
};

/** Cards rendered at first and added by each 'Afficher plus' (one screenful). */
export const OFFERS_PAGE_SIZE = 12;

export function isListTab(tab: OfferTab): tab is ListTab {
  return tab === 'parcelles' || tab === 'flotte' || tab === 'biens';
}

export function tabLabel(tab: OfferTab): string {
  return OFFER_TABS.find((t) => t.key === tab)!.label;
}

/**
 * What a `type` value may be: the tab labels (the admin offer list links with them), their
 * singular or short forms, and the API paths and image kinds the back office knows the
 * offers by.
 */
const ALIASES: Record<string, OfferTab> = {
  parcelles: 'parcelles',
  parcelle: 'parcelles',
  parcels: 'parcelles',
  parcel: 'parcelles',
  terrain: 'parcelles',
  terrains: 'parcelles',
  'flotte immobiliere': 'flotte',
  flotte: 'flotte',
  fleet: 'flotte',
  'biens divers': 'biens',
  'bien divers': 'biens',
  biens: 'biens',
  bien: 'biens',
  'biens immobiliers': 'biens',
  misc: 'biens',
  miscellaneous: 'biens',
  sic: 'sic',
  'construction bail': 'construction-bail',
  'suivi de chantier': 'suivi-chantier',
  'suivi chantier': 'suivi-chantier',
};

/** The tab a `type` query value names; anything unknown or missing opens the default tab. */
export function parseOfferTab(value: string | null | undefined): OfferTab {
  if (!value) return DEFAULT_TAB;
  return ALIASES[foldText(value)] ?? DEFAULT_TAB;
}

/** Link of a tab (and of 'Afficher plus' without script): the label as `type`, like the admin list. */
export function tabHref(tab: OfferTab, shown?: number): string {
  const query = new URLSearchParams({ type: tabLabel(tab) });
  if (shown) query.set('nombre', String(shown));
  return `${paths.offers}?${query.toString()}`;
}

/**
 * How many cards the server renders: at least one screenful, more when 'Afficher plus' was
 * followed without script (`nombre`), rounded up to whole screenfuls.
 */
export function shownCount(requested: string | null | undefined, max = 1000): number {
  const asked = Number.parseInt(requested ?? '', 10);
  const count = Number.isFinite(asked) ? Math.min(Math.max(asked, OFFERS_PAGE_SIZE), max) : OFFERS_PAGE_SIZE;
  return Math.ceil(count / OFFERS_PAGE_SIZE) * OFFERS_PAGE_SIZE;
}
