import { useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider, type HydrationState } from 'react-router-dom';
import { reportRecoverableError } from './lib/report-error';
import { registerServiceWorker } from './admin/kit/service-worker';
import { adminRoutes } from './routes';
import './admin/admin.css';

/**
 * The back office: a single-page app hydrated over the server-rendered shell (decision
 * 0002). Lazy route modules of the first URL are loaded before hydrating, so the first
 * client render matches the server's markup.
 */
async function start(): Promise<void> {
  const matches = matchRoutes(adminRoutes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
  const dataElement = document.getElementById('router-hydration');
  const hydrationData = JSON.parse(dataElement?.textContent ?? 'null') as HydrationState | null;
  const router = createBrowserRouter(adminRoutes, { hydrationData: hydrationData ?? undefined });
  const root = document.getElementById('root');
  if (!root) throw new Error('Élément #root introuvable');
  hydrateRoot(
    root,
    <MarkHydrated element={root}>
      <RouterProvider router={router} />
    </MarkHydrated>,
    { onRecoverableError: reportRecoverableError },
  );
  registerServiceWorker();
}

/** Adds data-hydrated="true" once React owns the page: browser tests wait for it. */
function MarkHydrated({ element, children }: { element: HTMLElement; children: ReactNode }) {
  useEffect(() => element.setAttribute('data-hydrated', 'true'), [element]);
  return children;
}

void start();
