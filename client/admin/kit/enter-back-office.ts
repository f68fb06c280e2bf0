import type { NavigateFunction } from 'react-router-dom';
import { outsideServiceWorker } from './service-worker';
import { toast, toastAfterLoad, type ToastInput } from './toast';

/**
 * The move into the back office once signed in (the sign-in page, an invitation's link),
 * with its welcome toast, replacing the page left so that back does not return to it.
 *
 * A page no service worker controls (one opened at /login, outside the worker's scope)
 * is loaded anew at `to`: the worker then controls it from its first request, so a screen
 * not yet opened still opens on a building site without signal. Left as it was, the page
 * would pass the worker by for its whole life and, offline, hang on the browser's HTTP
 * cache, which a phone short of space empties (docs/decisions/0046-site-updates-offline.md).
 * The load costs one small document: the scripts are the ones just used, kept by the
 * browser.
 */
export function enterBackOffice(to: string, welcome: ToastInput, navigate: NavigateFunction): void {
  if (outsideServiceWorker()) {
    toastAfterLoad(welcome);
    window.location.replace(to);
    return;
  }
  toast({ ...welcome, keepOnNextPage: true });
  void navigate(to, { replace: true });
}
