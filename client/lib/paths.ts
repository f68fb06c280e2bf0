/** Every route path of spec section 2, defined once. */
export const paths = {
  home: '/',
  services: '/services',
  products: '/products',
  product: (id: number | string) => `/products/${id}`,
  offers: '/parcelles',
  promotions: '/promotions',
  projects: '/projects',
  project: (id: number | string) => `/projects/${id}`,
  submitProject: '/submit-project',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
  terms: '/terms',
  legal: '/legal',
  login: '/login',
  adminDashboard: '/admin/dashboard',
} as const;
