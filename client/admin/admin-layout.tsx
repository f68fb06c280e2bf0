import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation, useMatches, useNavigate, useNavigation } from 'react-router-dom';
import { api } from '#client/lib/api-client';
import { searchesAnything } from '#shared/admin-search';
import type { RouteHandle } from '#shared/page-meta';
import { paths } from '#shared/paths';
import { can } from '#shared/roles';
import { navFor } from './admin-nav';
import { roleLabel } from './kit/access';
import { clearForbidden, useRefusedHere } from './kit/forbidden';
import { ForbiddenMessage } from './kit/forbidden-message';
import { mayOpen } from './kit/route-access';
import { checkSession, endSession, useSession } from './kit/session';
import { storedToken } from './kit/session-storage';
import { Spinner } from './kit/spinner';
import { toast, Toaster } from './kit/toast';
import { useUnreadMessages } from './messages/unread-count';
import { AdminSearch } from './search/admin-search';
import { useTokenRenewal } from './use-token-renewal';
import { forgetOfflineData } from './kit/service-worker';

export const handle: RouteHandle = {
  app: 'admin',
  meta: () => ({ title: 'Administration', description: 'Espace administrateur', noindex: true }),
};

const SIDEBAR_KEY = 'admin-sidebar';
const NARROW = '(max-width: 48rem)';

/** Protection wrapper and layout of the back office (product rules, Pages and routes). */
export function Component() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(true);
  const [loggingOut, setLoggingOut] = useState(false);
  const matches = useMatches();
  // A screen's code loads on its first opening (every route is lazy): until it is drawn
  // the old screen stays, so a thin bar says that the next one is on its way
  // (docs/product-rules.md, "Back office").
  const pending = useNavigation().state !== 'idle';
  const refusedHere = useRefusedHere(location.pathname);
  const role = session.status === 'authenticated' ? session.user.role : null;

  useEffect(() => void checkSession(), []);
  useTokenRenewal(session.status === 'authenticated');
  // The badge counts the inbox: only for a role that reads it (its 403 would be noise).
  const unread = useUnreadMessages(session.status === 'authenticated' && can(role, 'leads'));
  // A 403's mark belongs to the page it happened on.
  useEffect(() => clearForbidden, [location.pathname]);

  // Unauthenticated: to /login, remembering the page (not after an explicit logout).
  useEffect(() => {
    if (session.status !== 'anonymous') return;
    const state = session.reason === 'logout' ? null : { from: location };
    navigate(paths.login, { replace: true, state });
  }, [session, navigate, location]);

  // The sidebar's state is remembered; narrow screens start with it closed.
  useEffect(() => {
    const saved = localStorage.getItem(SIDEBAR_KEY);
    setOpen(window.matchMedia(NARROW).matches ? false : saved !== 'closed');
  }, []);
  const toggle = () => {
    setOpen((was) => {
      if (!window.matchMedia(NARROW).matches) localStorage.setItem(SIDEBAR_KEY, was ? 'closed' : 'open');
      return !was;
    });
  };
  // On a phone the menu covers the screen: close it once a link is chosen.
  useEffect(() => {
    if (window.matchMedia(NARROW).matches) setOpen(false);
  }, [location.pathname]);

  if (session.status !== 'authenticated') {
    return (
      <div className="admin-center">
        <Spinner label="Vérification de la session..." />
        <Toaster />
      </div>
    );
  }

  async function logout() {
    setLoggingOut(true);
    try {
      // Revokes the token on the server (product rules); signing out locally goes on regardless.
      await api('/auth/logout', { method: 'POST', token: storedToken() });
    } catch {
      // Expired or offline: the stored items are cleared all the same.
    }
    endSession('logout');
    void forgetOfflineData();
    toast({
      title: 'Déconnexion réussie',
      description: 'Vous avez été déconnecté avec succès.',
      keepOnNextPage: true,
    });
  }

  const { user } = session;
  // A screen outside the role is never mounted (none of its calls is made): the refusal
  // stands in its place, as it does after a 403 on this page (docs/product-rules.md, "Roles and access").
  const allowed = mayOpen(user.role, matches) && !refusedHere;
  return (
    <div className={`admin-shell${open ? '' : ' is-collapsed'}`}>
      <a className="skip-link" href="#admin-main">
        Aller au contenu
      </a>
      <aside className="admin-sidebar">
        <div className="admin-sidebar-top">
          <span className="admin-brand">Administration</span>
          <button
            type="button"
            className="sidebar-toggle"
            aria-expanded={open}
            aria-controls="admin-sidebar-body"
            onClick={toggle}
          >
            <span className="burger" aria-hidden="true" />
            <span className="visually-hidden">Menu de navigation</span>
          </button>
        </div>
        <div id="admin-sidebar-body" className="admin-sidebar-body" hidden={!open}>
          <nav aria-label="Administration">
            {navFor((access) => can(user.role, access)).map((group) => (
              <section key={group.title} aria-labelledby={`nav-${group.title}`}>
                <h2 id={`nav-${group.title}`}>{group.title}</h2>
                <ul>
                  {group.links.map((link) => (
                    <li key={link.to}>
                      <NavLink to={link.to}>
                        {link.label}
                        {link.badge && unread !== null && unread > 0 && (
                          <span className="nav-badge">
                            {unread}
                            <span className="visually-hidden"> non lu{unread > 1 ? 's' : ''}</span>
                          </span>
                        )}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </nav>
          <div className="admin-user">
            <p className="admin-user-name">{user.name}</p>
            <p className="admin-user-email">{user.email}</p>
            <p className="badge">{roleLabel(user.role)}</p>
          </div>
          {/* A document link: the public site is not part of this app's router. */}
          <a className="admin-back" href={paths.home}>
            Retour au site
          </a>
          <button type="button" className="btn btn-light" onClick={() => void logout()} disabled={loggingOut}>
            {loggingOut ? 'Déconnexion...' : 'Déconnexion'}
          </button>
        </div>
      </aside>
      {/* Always present, empty when idle: screen readers announce what changes in a live
          region already in the page, not always one inserted with its text. */}
      <div className={`admin-route-pending${pending ? ' is-pending' : ''}`} role="status">
        {pending && <span className="visually-hidden">Chargement de la page…</span>}
      </div>
      <div className="admin-content">
        {/* The one search across the back office (docs/product-rules.md, "Search across the back office"). */}
        {searchesAnything((access) => can(user.role, access)) && (
          <header className="admin-topbar">
            <AdminSearch />
          </header>
        )}
        <main id="admin-main" className="admin-main" tabIndex={-1} aria-busy={pending || undefined}>
          {allowed ? <Outlet /> : <ForbiddenMessage />}
        </main>
      </div>
      <Toaster />
    </div>
  );
}
