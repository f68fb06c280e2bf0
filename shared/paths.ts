/** Every route path of product rules, Pages and routes, defined once. */
export const paths = {
  home: '/',
  services: '/services',
  products: '/products',
  product: (id: number | string) => `/products/${id}`,
  /** The order form's target: a 303 to WhatsApp with the quantity (docs/product-rules.md, "WhatsApp"). */
  productOrder: (id: number | string) => `/products/${id}/whatsapp`,
  /**
   * Counted WhatsApp links of the offers and promotions (docs/product-rules.md, "Statistics
   * without cookies"): a 302 to the same wa.me chat, the message in `?text=`.
   */
  offerWhatsapp: (kind: string, id: number | string) => `/whatsapp/offre/${kind}/${id}`,
  promotionWhatsapp: (id: number | string) => `/whatsapp/promotion/${id}`,
  offers: '/parcelles',
  promotions: '/promotions',
  projects: '/projects',
  project: (id: number | string) => `/projects/${id}`,
  submitProject: '/submit-project',
  about: '/about',
  contact: '/contact',
  /** The form that e-mails a tracking link again (docs/product-rules.md, "Tracking link"). */
  tracking: '/suivi',
  /** One request's private tracking page. */
  trackingPage: (token: string) => `/suivi/${token}`,
  privacy: '/privacy',
  terms: '/terms',
  legal: '/legal',
  login: '/login',
  // Staff accounts (docs/product-rules.md, "Staff accounts"): one-use links and the form asking for one.
  invitation: (token: string) => `/invitation/${token}`,
  forgotPassword: '/mot-de-passe-oublie',
  passwordReset: (token: string) => `/reinitialiser/${token}`,
  adminUsers: '/admin/utilisateurs',
  adminDashboard: '/admin/dashboard',
  // The back office (product rules, Pages and routes), every route listed there.
  adminProducts: '/admin/products',
  adminProductNew: '/admin/products/new',
  adminProductEdit: (id: number | string) => `/admin/products/edit/${id}`,
  adminProjects: '/admin/projects',
  adminProjectNew: '/admin/projects/new',
  adminProjectEdit: (id: number | string) => `/admin/projects/edit/${id}`,
  adminOffers: '/admin/offers',
  adminOfferNew: '/admin/offers/new',
  adminOfferEdit: (type: string, id: number | string) => `/admin/offers/edit/${type}/${id}`,
  adminCategories: '/admin/categories',
  adminCategoryNew: '/admin/categories/new',
  adminCategoryEdit: (id: number | string) => `/admin/categories/edit/${id}`,
  adminPromotions: '/admin/promotions',
  adminPromotionNew: '/admin/promotions/new',
  adminPromotionEdit: (id: number | string) => `/admin/promotions/edit/${id}`,
  // 'Témoignages' (docs/product-rules.md, "Testimonials").
  adminTestimonials: '/admin/testimonials',
  adminTestimonialNew: '/admin/testimonials/new',
  adminTestimonialEdit: (id: number | string) => `/admin/testimonials/edit/${id}`,
  adminSubmissions: '/admin/project-submissions',
  // 'Chantiers': site updates of approved requests (docs/product-rules.md, "Site updates").
  adminSites: '/admin/chantiers',
  adminSite: (submissionId: number | string) => `/admin/chantiers/${submissionId}`,
  adminSiteUpdateNew: (submissionId: number | string) => `/admin/chantiers/${submissionId}/nouvelle`,
  adminSiteUpdateEdit: (submissionId: number | string, updateId: number | string) =>
    `/admin/chantiers/${submissionId}/modifier/${updateId}`,
  adminMessages: '/admin/messages',
  adminProfile: '/admin/profile',
  adminOutbox: '/admin/outbox',
  adminUserInvite: '/admin/utilisateurs/inviter',
  // 'Journal': the activity log (docs/product-rules.md, "Activity log").
  adminJournal: '/admin/journal',
  adminStatistics: '/admin/statistiques',
  // 'Corbeille' (docs/product-rules.md, "Trash"); `kind` opens it on one kind ('?type=product').
  adminTrash: '/admin/corbeille',
  adminTrashOf: (kind: string) => `/admin/corbeille?type=${encodeURIComponent(kind)}`,
  adminApiDiagnostic: '/admin/api-diagnostic',
  adminImageDiagnostic: '/admin/image-diagnostic',
  adminAuthDiagnostic: '/admin/auth-diagnostic',
} as const;
