import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '#shared/paths';
import { storedToken, storedUser, useSession, type SessionUser } from '#client/admin/kit';
import { checkApiConnection, checkAuthService, checkImageServiceEnglish } from './auth-checks';
import { CheckCard } from './check-card';
import type { StatusLabels } from './status-badge';
import { useCheck } from './use-check';
import './diagnostics.css';

const ENGLISH_STATUS: StatusLabels = {
  idle: 'Not run',
  pending: 'Pending',
  success: 'Success',
  error: 'Error',
  warning: 'Warning',
};

interface LocalStorageView {
  hasToken: boolean;
  user: SessionUser | null;
}

/**
 * The auth diagnostic (product rules, Pages and routes; in English as the product rules write it, product rules). Three
 * checks run on load and on 'Refresh'. Local storage is shown as the browser holds it, the
 * token only as present or missing: its value is a credential.
 */
export function Component() {
  const session = useSession();
  const api = useCheck(checkApiConnection, 'Checking...');
  const auth = useCheck(checkAuthService, 'Checking...');
  const images = useCheck(checkImageServiceEnglish, 'Checking...');
  const [storage, setStorage] = useState<LocalStorageView | null>(null);
  const [running, setRunning] = useState(false);

  const { run: runApi } = api;
  const { run: runAuth } = auth;
  const { run: runImages } = images;
  const refresh = useCallback(async () => {
    setRunning(true);
    setStorage({ hasToken: Boolean(storedToken()), user: storedUser() });
    await Promise.all([runApi(), runAuth(), runImages()]);
    setRunning(false);
  }, [runApi, runAuth, runImages]);

  useEffect(() => void refresh(), [refresh]);

  const signedIn = session.status === 'authenticated';
  return (
    <div lang="en">
      <header className="page-header">
        <div>
          <h1>Authentication diagnostic</h1>
          <p className="page-lead" role="status">
            {signedIn
              ? `You are authenticated as ${session.user.name}`
              : 'You are not currently authenticated'}
          </p>
        </div>
        <div className="page-header-actions">
          <button type="button" className="btn btn-primary" onClick={() => void refresh()} disabled={running}>
            {running ? 'Refreshing...' : 'Refresh'}
          </button>
        </div>
      </header>
      <div className="diag-grid">
        <CheckCard title="API connection" result={api.result} labels={ENGLISH_STATUS} />
        <CheckCard title="Authentication service" result={auth.result} labels={ENGLISH_STATUS} />
        <CheckCard title="Image service" result={images.result} labels={ENGLISH_STATUS} />
      </div>
      <section className="admin-panel admin-section" aria-labelledby="auth-local-storage">
        <h2 id="auth-local-storage">Local storage</h2>
        {storage && (
          <dl className="diag-facts">
            <dt>access_token</dt>
            <dd>{storage.hasToken ? 'present' : 'missing'}</dd>
            <dt>user</dt>
            <dd>
              {storage.user ? (
                <pre className="diag-json">{JSON.stringify(storage.user, null, 2)}</pre>
              ) : (
                'missing'
              )}
            </dd>
          </dl>
        )}
      </section>
      <nav className="diag-toolbar admin-section" aria-label="Liens du diagnostic de connexion">
        <Link className="btn btn-outline" to={paths.adminDashboard}>
          Back to Dashboard
        </Link>
        {/* Also without a token: a stored user alone keeps the layout open, yet calls need one. */}
        {(!signedIn || storage?.hasToken === false) && (
          <Link className="btn btn-primary" to={paths.login}>
            Go to Login
          </Link>
        )}
      </nav>
    </div>
  );
}
