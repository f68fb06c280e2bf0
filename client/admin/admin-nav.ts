import { paths } from '#shared/paths';

/** The sidebar (product rules, Pages and routes): every admin route is reachable from here. */
export const ADMIN_NAV = [
  {
    title: 'Contenu',
    links: [
      { to: paths.adminDashboard, label: 'Tableau de bord' },
      { to: paths.adminProjects, label: 'Projets' },
      { to: paths.adminOffers, label: 'Offres' },
      { to: paths.adminPromotions, label: 'Promotions' },
      { to: paths.adminTestimonials, label: 'Témoignages' },
      { to: paths.adminSubmissions, label: 'Soumissions de projets' },
      { to: paths.adminSites, label: 'Chantiers' },
      // The badge shows how many contact messages are still unread.
      { to: paths.adminMessages, label: 'Messages', badge: 'unreadMessages' },
    ],
  },
  {
    title: 'Catalogue',
    links: [
      { to: paths.adminProducts, label: 'Produits' },
      { to: paths.adminCategories, label: 'Catégories' },
    ],
  },
  {
    title: 'Système',
    links: [
      { to: paths.adminProfile, label: 'Mon Profil' },
      { to: paths.adminOutbox, label: 'Courriels' },
      { to: paths.adminJournal, label: 'Journal' },
      { to: paths.adminApiDiagnostic, label: 'Diagnostic API' },
      { to: paths.adminImageDiagnostic, label: 'Diagnostic images' },
      { to: paths.adminAuthDiagnostic, label: 'Auth diagnostic' },
    ],
  },
] as const;
