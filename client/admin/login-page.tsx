import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import { api, ApiError } from '../lib/api-client';
import type { RouteHandle } from '../lib/page-meta';
import { paths } from '../lib/paths';
import { storeSession, type SessionUser } from './session-storage';

export const handle: RouteHandle = {
  app: 'admin',
  meta: () => ({ title: 'Connexion', description: 'Connexion à l’espace administrateur', noindex: true }),
};

interface LoginAnswer {
  user: SessionUser;
  access_token?: string;
  token?: string;
}

/** Sign-in (spec section 2, "Login"), without the public layout. */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setSubmitting(true);
    setError(null);
    try {
      const answer = await api<LoginAnswer>('/auth/login', {
        method: 'POST',
        json: { email: form.get('email'), password: form.get('password'), remember: form.get('remember') === 'on' },
      });
      storeSession(answer.access_token ?? answer.token ?? '', answer.user);
      const from = (location.state as { from?: Location } | null)?.from;
      navigate(from ? `${from.pathname}${from.search}` : paths.adminDashboard, { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Identifiants incorrects. Veuillez réessayer.');
      setSubmitting(false);
    }
  }

  return (
    <main className="login-page">
      <form className="login-card" onSubmit={submit} noValidate>
        <h1>Connexion</h1>
        {error && (
          <p role="alert" className="form-error">
            <strong>Échec de la connexion</strong> {error}
          </p>
        )}
        <label htmlFor="email">E-mail</label>
        <input id="email" name="email" type="email" autoComplete="username" required />
        <label htmlFor="password">Mot de passe</label>
        <div className="password-field">
          <input id="password" name="password" type={showPassword ? 'text' : 'password'} autoComplete="current-password" required />
          <button type="button" className="btn-ghost" onClick={() => setShowPassword((v) => !v)} aria-pressed={showPassword}>
            {showPassword ? 'Masquer' : 'Afficher'}
          </button>
        </div>
        <label className="checkbox">
          <input type="checkbox" name="remember" /> Se souvenir de moi
        </label>
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? 'Chargement...' : 'Se connecter'}
        </button>
        <p className="login-links">
          {/* Inert, as the spec says: there is no public sign-up or password reset. */}
          <a href="#" onClick={(e) => e.preventDefault()}>
            Mot de passe oublié?
          </a>
          <a href="#" onClick={(e) => e.preventDefault()}>
            S'inscrire
          </a>
        </p>
      </form>
    </main>
  );
}
