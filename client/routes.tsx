import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '#shared/page-meta';
import type { Access } from '#shared/roles';

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

/**
 * A back-office screen's access (shared/roles.ts): one `handle: needs(...)` per route; a
 * role without it gets the refusal inside the layout (client/admin/kit/route-access.ts).
 * tests/unit/admin-access.test.ts fails for a screen that declares none.
 */
const needs = (access: Access): RouteHandle => ({ access });

export const adminRoutes: RouteObject[] = [
  { id: 'login', path: '/login', lazy: () => import('./admin/login-page') },
  // The pages of a staff account's e-mailed links, served like /login (docs/product-rules.md,
  // "Staff accounts"); the token is optional so the page still answers once it hid it.
  {
    id: 'invitation',
    path: '/invitation/:token?',
    lazy: () => import('./admin/account-links/invitation-page'),
  },
  {
    id: 'forgot-password',
    path: '/mot-de-passe-oublie',
    lazy: () => import('./admin/account-links/forgot-password-page'),
  },
  {
    id: 'password-reset',
    path: '/reinitialiser/:token?',
    lazy: () => import('./admin/account-links/password-reset-page'),
  },
  {
    id: 'admin',
    path: '/admin',
    lazy: () => import('./admin/admin-layout'),
    children: [
      { index: true, lazy: () => import('./admin/admin-index') },
      { path: 'dashboard', handle: needs('dashboard'), lazy: () => import('./admin/dashboard-page') },
      {
        path: 'products',
        handle: needs('catalogueRead'),
        lazy: () => import('./admin/products/products-list-page'),
      },
      {
        path: 'products/new',
        handle: needs('catalogue'),
        lazy: () => import('./admin/products/product-form-page'),
      },
      {
        path: 'products/edit/:productId',
        handle: needs('catalogue'),
        lazy: () => import('./admin/products/product-form-page'),
      },
      {
        path: 'projects',
        handle: needs('catalogueRead'),
        lazy: () => import('./admin/projects/projects-list-page'),
      },
      {
        path: 'projects/new',
        handle: needs('catalogue'),
        lazy: () => import('./admin/projects/project-form-page'),
      },
      {
        path: 'projects/edit/:projectId',
        handle: needs('catalogue'),
        lazy: () => import('./admin/projects/project-form-page'),
      },
      {
        path: 'offers',
        handle: needs('catalogueRead'),
        lazy: () => import('./admin/offers/offers-list-page'),
      },
      {
        path: 'offers/new',
        handle: needs('catalogue'),
        lazy: () => import('./admin/offers/offer-form-page'),
      },
      // Product rules: offers are editable like every other entity.
      {
        path: 'offers/edit/:type/:id',
        handle: needs('catalogue'),
        lazy: () => import('./admin/offers/offer-form-page'),
      },
      {
        path: 'categories',
        handle: needs('catalogueRead'),
        lazy: () => import('./admin/categories/categories-list-page'),
      },
      {
        path: 'categories/new',
        handle: needs('catalogue'),
        lazy: () => import('./admin/categories/category-form-page'),
      },
      {
        path: 'categories/edit/:categoryId',
        handle: needs('catalogue'),
        lazy: () => import('./admin/categories/category-form-page'),
      },
      {
        path: 'promotions',
        handle: needs('catalogueRead'),
        lazy: () => import('./admin/promotions/promotions-list-page'),
      },
      {
        path: 'promotions/new',
        handle: needs('catalogue'),
        lazy: () => import('./admin/promotions/promotion-form-page'),
      },
      {
        path: 'promotions/edit/:promotionId',
        handle: needs('catalogue'),
        lazy: () => import('./admin/promotions/promotion-form-page'),
      },
      {
        path: 'testimonials',
        handle: needs('catalogueRead'),
        lazy: () => import('./admin/testimonials/testimonials-list-page'),
      },
      {
        path: 'testimonials/new',
        handle: needs('catalogue'),
        lazy: () => import('./admin/testimonials/testimonial-form-page'),
      },
      {
        path: 'testimonials/edit/:testimonialId',
        handle: needs('catalogue'),
        lazy: () => import('./admin/testimonials/testimonial-form-page'),
      },
      {
        path: 'project-submissions',
        handle: needs('leads'),
        lazy: () => import('./admin/submissions/submissions-page'),
      },
      { path: 'chantiers', handle: needs('sites'), lazy: () => import('./admin/sites/sites-list-page') },
      {
        path: 'chantiers/:submissionId',
        handle: needs('sites'),
        lazy: () => import('./admin/sites/site-page'),
      },
      {
        path: 'chantiers/:submissionId/nouvelle',
        handle: needs('sitesWrite'),
        lazy: () => import('./admin/sites/site-update-form-page'),
      },
      {
        path: 'chantiers/:submissionId/modifier/:updateId',
        handle: needs('sitesWrite'),
        lazy: () => import('./admin/sites/site-update-form-page'),
      },
      { path: 'messages', handle: needs('leads'), lazy: () => import('./admin/messages/messages-page') },
      { path: 'profile', handle: needs('dashboard'), lazy: () => import('./admin/profile/profile-page') },
      { path: 'outbox', handle: needs('operator'), lazy: () => import('./admin/outbox/outbox-page') },
      { path: 'utilisateurs', handle: needs('operator'), lazy: () => import('./admin/users/users-page') },
      {
        path: 'utilisateurs/inviter',
        handle: needs('operator'),
        lazy: () => import('./admin/users/invite-user-page'),
      },
      { path: 'journal', handle: needs('operator'), lazy: () => import('./admin/journal/journal-page') },
      // The audience and conversions (docs/product-rules.md, "The statistics screen"): its chart's
      // library travels in this chunk only.
      {
        path: 'statistiques',
        handle: needs('statistics'),
        lazy: () => import('./admin/statistics/statistics-page'),
      },
      // 'Corbeille' (docs/product-rules.md, "Trash"): each role sees the kinds it deletes.
      { path: 'corbeille', handle: needs('trash'), lazy: () => import('./admin/trash/trash-page') },
      {
        path: 'api-diagnostic',
        handle: needs('operator'),
        lazy: () => import('./admin/diagnostics/api-diagnostic-page'),
      },
      {
        path: 'image-diagnostic',
        handle: needs('operator'),
        lazy: () => import('./admin/diagnostics/image-diagnostic-page'),
      },
      {
        path: 'auth-diagnostic',
        handle: needs('operator'),
        lazy: () => import('./admin/diagnostics/auth-diagnostic-page'),
      },
      { path: '*', lazy: () => import('./admin/admin-not-found') },
    ],
  },
];

export const routes: RouteObject[] = [...adminRoutes, siteRoute];
