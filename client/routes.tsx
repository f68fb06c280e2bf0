import type { RouteObject } from 'react-router-dom';

/**
 * The one route table (spec section 2). The server renders every route from it; the
 * back office's client router uses its admin part. Every route is lazy, so each page is
 * its own chunk and the admin bundle never carries public page code. Loaders run only on
 * the server (decision 0002).
 */
export const siteRoute: RouteObject = {
  id: 'site',
  path: '/',
  lazy: () => import('./pages/site-layout'),
  children: [
    { index: true, lazy: () => import('./pages/home/home-page') },
    { path: 'promotions', lazy: () => import('./pages/promotions/promotions-page') },
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
      { path: '*', lazy: () => import('./admin/admin-not-found') },
    ],
  },
];

export const routes: RouteObject[] = [...adminRoutes, siteRoute];
