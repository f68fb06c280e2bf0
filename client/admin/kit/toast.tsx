import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ToastRegion, ToastStore, type RenderToastLink, type ToastInput } from '#client/components/toast';

/**
 * The back office's toasts: the site's one toast system (client/components/toast.tsx) with
 * one store for the whole app, so a toast survives the move from one screen to another
 * (sign-in -> dashboard) and can be raised from non-React code (the API wrapper). Titles
 * and descriptions as the product rules word them. The <Toaster/> is rendered by the
 * layout and the login page. A toast goes once its page (the path) is left, unless it was
 * raised with `keepOnNextPage` to announce that very move (product rules, Back office).
 */
export type { ToastInput };

/** Long enough to read two lines; destructive ones stay longer. */
const store = new ToastStore({ dismissAfterMs: { default: 5000, destructive: 8000 }, maxShown: 4 });

/** Shows a toast; answers its id (for dismiss). */
export const toast = store.show;
export const dismissToast = store.dismiss;

/** `const { toast } = useToast();` — the same function as the module's `toast`. */
export function useToast(): { toast: typeof toast; dismiss: typeof dismissToast } {
  return { toast, dismiss: dismissToast };
}

/** A toast's link moves inside the back office without reloading it. */
const routerLink: RenderToastLink = (link) => <Link to={link.href}>{link.label}</Link>;

/** The sessionStorage key of a toast carried over a document load. */
const CARRIED = 'admin-toast-carried';

/**
 * Shows `input` on the next page when that page is a new document (`location.replace`):
 * kept in sessionStorage until the new page's Toaster takes it.
 */
export function toastAfterLoad(input: ToastInput): void {
  try {
    sessionStorage.setItem(CARRIED, JSON.stringify(input));
  } catch {
    // Storage refused (private mode, full): the move happens without its toast.
  }
}

function takeCarried(): void {
  try {
    const raw = sessionStorage.getItem(CARRIED);
    if (raw === null) return;
    sessionStorage.removeItem(CARRIED);
    store.show({ ...(JSON.parse(raw) as ToastInput), keepOnNextPage: true });
  } catch {
    // A value that does not parse is dropped with its key.
  }
}

export function Toaster() {
  const { pathname } = useLocation();
  // Once per document, before the first page is entered: the toast belongs to that page.
  useEffect(takeCarried, []);
  useEffect(() => store.enterPage(pathname), [pathname]);
  return <ToastRegion store={store} renderLink={routerLink} />;
}
