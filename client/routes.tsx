import type { RouteObject } from 'react-router-dom';

/**
 * The one route table (product rules, Pages and routes). The server renders every route from it; the
 * back office's client router uses its admin part. Every route is lazy, so each page is
 * its own chunk and the admin bundle never carries public page code. Loaders run only on
 * the server (decision 0002).
 */
const legalPage = () => import('./pages/legal/legal-page');

export const siteRoute: RouteObject = {
  id: 'site',
  path: '/',
  lazy: () => import('./pages/site-layout'),
  children: [
    { index: true, lazy: () => import('./pages/home/home-page') },
    { path: 'services', lazy: () => import('./pages/services/services-page') },
    { path: 'products', lazy: () => import('./pages/products/catalogue-page') },
    { path: 'products/:productId', lazy: () => import('./pages/products/product-page') },
    { path: 'parcelles', lazy: () => import('./pages/offers/offers-page') },
    { path: 'promotions', lazy: () => import('./pages/promotions/promotions-page') },
    { path: 'projects', lazy: () => import('./pages/projects/portfolio-page') },
    { path: 'projects/:projectId', lazy: () => import('./pages/projects/project-page') },
    { path: 'submit-project', lazy: () => import('./pages/submit-project/submit-project-page') },
    { path: 'about', lazy: () => import('./pages/about/about-page') },
    { path: 'contact', lazy: () => import('./pages/contact/contact-page') },
    // Private tracking of a request (docs/product-rules.md, "Tracking link").
    { path: 'suivi', lazy: () => import('./pages/tracking/tracking-request-page') },
    { path: 'suivi/:token', lazy: () => import('./pages/tracking/tracking-page') },
    // One legal page selected by pageType (product rules, Pages and routes): /privacy, /terms, /legal.
    { path: 'privacy', id: 'legal-privacy', lazy: legalPage },
    { path: 'terms', id: 'legal-terms', lazy: legalPage },
    { path: 'legal', id: 'legal-legal', lazy: legalPage },
    { path: 'legal/:pageType', id: 'legal-other', lazy: legalPage },
    { path: '*', lazy: () => import('./pages/not-found-page') },
  ],
};

export const adminRoutes: RouteObject[] = [
  { id: 'login', path: '/login', lazy: () => import('./admin/login-page') },
  {
    id: 'admin',
    path: '/admin',
    lazy: () => import('./admin/admin-layout'),
    children: [
      { index: true, lazy: () => import('./admin/admin-index') },
      { path: 'dashboard', lazy: () => import('./admin/dashboard-page') },
      { path: 'products', lazy: () => import('./admin/products/products-list-page') },
      { path: 'products/new', lazy: () => import('./admin/products/product-form-page') },
      { path: 'products/edit/:productId', lazy: () => import('./admin/products/product-form-page') },
      { path: 'projects', lazy: () => import('./admin/projects/projects-list-page') },
      { path: 'projects/new', lazy: () => import('./admin/projects/project-form-page') },
      { path: 'projects/edit/:projectId', lazy: () => import('./admin/projects/project-form-page') },
      { path: 'offers', lazy: () => import('./admin/offers/offers-list-page') },
      { path: 'offers/new', lazy: () => import('./admin/offers/offer-form-page') },
      // Product rules: offers are editable like every other entity.
      { path: 'offers/edit/:type/:id', lazy: () => import('./admin/offers/offer-form-page') },
      { path: 'categories', lazy: () => import('./admin/categories/categories-list-page') },
      { path: 'categories/new', lazy: () => import('./admin/categories/category-form-page') },
      { path: 'categories/edit/:categoryId', lazy: () => import('./admin/categories/category-form-page') },
      { path: 'promotions', lazy: () => import('./admin/promotions/promotions-list-page') },
      { path: 'promotions/new', lazy: () => import('./admin/promotions/promotion-form-page') },
      { path: 'promotions/edit/:promotionId', lazy: () => import('./admin/promotions/promotion-form-page') },
      { path: 'testimonials', lazy: () => import('./admin/testimonials/testimonials-list-page') },
      { path: 'testimonials/new', lazy: () => import('./admin/testimonials/testimonial-form-page') },
      {
        path: 'testimonials/edit/:testimonialId',
        lazy: () => import('./admin/testimonials/testimonial-form-page'),
      },
      { path: 'project-submissions', lazy: () => import('./admin/submissions/submissions-page') },
      { path: 'chantiers', lazy: () => import('./admin/sites/sites-list-page') },
      { path: 'chantiers/:submissionId', lazy: () => import('./admin/sites/site-page') },
      { path: 'chantiers/:submissionId/nouvelle', lazy: () => import('./admin/sites/site-update-form-page') },
      {
        path: 'chantiers/:submissionId/modifier/:updateId',
        lazy: () => import('./admin/sites/site-update-form-page'),
      },
      { path: 'messages', lazy: () => import('./admin/messages/messages-page') },
      { path: 'profile', lazy: () => import('./admin/profile/profile-page') },
      { path: 'outbox', lazy: () => import('./admin/outbox/outbox-page') },
      { path: 'journal', lazy: () => import('./admin/journal/journal-page') },
      { path: 'api-diagnostic', lazy: () => import('./admin/diagnostics/api-diagnostic-page') },
      { path: 'image-diagnostic', lazy: () => import('./admin/diagnostics/image-diagnostic-page') },
      { path: 'auth-diagnostic', lazy: () => import('./admin/diagnostics/auth-diagnostic-page') },
      { path: '*', lazy: () => import('./admin/admin-not-found') },
    ],
  },
];

export const routes: RouteObject[] = [...adminRoutes, siteRoute];
