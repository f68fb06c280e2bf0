import { useEffect } from 'react';
import { NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import type { RouteHandle } from '../lib/page-meta';
import { paths } from '../lib/paths';
import { clearSession } from './session-storage';
import { Spinner } from './spinner';
import { useSession } from './use-session';

export const handle: RouteHandle = {
  app: 'admin',
  meta: () => ({ title: 'Administration', description: 'Espace administrateur', noindex: true }),
};

const GROUPS = [
  { title: 'Contenu', links: [{ to: paths.adminDashboard, label: 'Tableau de bord' }] },
  { title: 'Catalogue', links: [] as { to: string; label: string }[] },
  { title: 'Système', links: [] as { to: string; label: string }[] },
];

/** Protection wrapper and layout of the back office (spec section 2, "Administrator area"). */
export function Component() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    if (session.status === 'anonymous') navigate(paths.login, { replace: true, state: { from: location } });
  }, [session.status, navigate, location]);

  if (session.status !== 'authenticated') {
    return (
      <div className="admin-center">
        <Spinner label="Vérification de la session..." />
      </div>
    );
  }

  const logout = () => {
    clearSession();
    navigate(paths.login, { replace: true });
  };

  return (
    <div className="admin-shell">
      <aside className="admin-sidebar">
        <nav aria-label="Administration">
          {GROUPS.map((group) => (
            <section key={group.title}>
              <h2>{group.title}</h2>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to}>{link.label}</NavLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
        <div className="admin-user">
          <p className="admin-user-name">{session.user.name}</p>
          <p>{session.user.email}</p>
          <p className="badge">{session.user.role}</p>
        </div>
        <a href={paths.home}>Retour au site</a>
        <button type="button" className="btn btn-outline" onClick={logout}>
          Déconnexion
        </button>
      </aside>
      <main className="admin-main">
        <Outlet />
      </main>
    </div>
  );
}
