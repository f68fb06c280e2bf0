import { paths } from '#shared/paths';
import type { Access } from '#shared/roles';

export interface AdminNavLink {
  to: string;
  label: string;
  /** The access of the link's screen (its route's, client/routes.tsx): a role without it does not see the link. */
  access: Access;
  /** The badge shows how many contact messages are still unread. */
  badge?: 'unreadMessages';
}

/**
 * The sidebar (product rules, Pages and routes): every admin route is reachable from here,
 * each role seeing only the links of its screens (docs/product-rules.md, "Roles and
 * access"); a group left without links is not drawn. tests/unit/admin-access.test.ts
 * checks each link's access against its route's.
 */
export const ADMIN_NAV: readonly { title: string; links: readonly AdminNavLink[] }[] = [
  {
    title: 'Contenu',
    links: [
      { to: paths.adminDashboard, label: 'Tableau de bord', access: 'dashboard' },
      { to: paths.adminProjects, label: 'Projets', access: 'catalogueRead' },
      { to: paths.adminOffers, label: 'Offres', access: 'catalogueRead' },
      { to: paths.adminPromotions, label: 'Promotions', access: 'catalogueRead' },
      { to: paths.adminTestimonials, label: 'Témoignages', access: 'catalogueRead' },
      { to: paths.adminSubmissions, label: 'Soumissions de projets', access: 'leads' },
      { to: paths.adminSites, label: 'Chantiers', access: 'sites' },
      { to: paths.adminMessages, label: 'Messages', access: 'leads', badge: 'unreadMessages' },
      { to: paths.adminStatistics, label: 'Statistiques', access: 'statistics' },
    ],
  },
  {
    title: 'Catalogue',
    links: [
      { to: paths.adminProducts, label: 'Produits', access: 'catalogueRead' },
      { to: paths.adminCategories, label: 'Catégories', access: 'catalogueRead' },
    ],
  },
  {
    title: 'Système',
    links: [
      { to: paths.adminProfile, label: 'Mon Profil', access: 'dashboard' },
      { to: paths.adminTrash, label: 'Corbeille', access: 'trash' },
      { to: paths.adminOutbox, label: 'Courriels', access: 'operator' },
      { to: paths.adminUsers, label: 'Utilisateurs', access: 'operator' },
      { to: paths.adminJournal, label: 'Journal', access: 'operator' },
      { to: paths.adminApiDiagnostic, label: 'Diagnostic API', access: 'operator' },
      { to: paths.adminImageDiagnostic, label: 'Diagnostic images', access: 'operator' },
      { to: paths.adminAuthDiagnostic, label: 'Auth diagnostic', access: 'operator' },
    ],
  },
];

/** The groups and links `role` may open, in the sidebar's order. */
export function navFor(allowed: (access: Access) => boolean) {
  return ADMIN_NAV.map((group) => ({
    ...group,
    links: group.links.filter((link) => allowed(link.access)),
  })).filter((group) => group.links.length > 0);
}
