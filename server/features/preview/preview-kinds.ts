import { paths } from '#shared/paths';
import { tabHref } from '#shared/offer-tabs';
import type { PublishedTable } from '#server/db/visibility';

/**
 * What a staff preview may show, and the public page that shows each kind
 * (docs/decisions/0041-drafts-and-scheduled-publishing.md): a product's or a project's own
 * page, the promotions page, the offers page on the kind's tab (scrolled to the offer),
 * the home page for a testimonial.
 */
export const PREVIEW_KINDS = {
  product: { table: 'products', page: (id: number) => paths.product(id) },
  project: { table: 'projects', page: (id: number) => paths.project(id) },
  parcel: { table: 'parcels', page: (id: number) => `${tabHref('parcelles')}&id=${id}` },
  fleet: { table: 'fleet_properties', page: (id: number) => `${tabHref('flotte')}&id=${id}` },
  misc: { table: 'miscellaneous_goods', page: (id: number) => `${tabHref('biens')}&id=${id}` },
  promotion: { table: 'promotions', page: () => paths.promotions },
  testimonial: { table: 'testimonials', page: () => paths.home },
} as const satisfies Record<string, { table: PublishedTable; page: (id: number) => string }>;

export type PreviewKind = keyof typeof PREVIEW_KINDS;

export function isPreviewKind(value: unknown): value is PreviewKind {
  return typeof value === 'string' && Object.hasOwn(PREVIEW_KINDS, value);
}

export const previewMessages = {
  kindUnknown: 'Type de contenu inconnu : product, project, parcel, fleet, misc, promotion ou testimonial.',
  notFound: 'Contenu introuvable : il a peut-être été supprimé.',
  draft: 'Aperçu — ce contenu n’est pas publié',
  scheduled: (when: string) => `Aperçu — ce contenu est programmé le ${when}`,
  published: 'Aperçu — ce contenu est déjà publié',
} as const;
