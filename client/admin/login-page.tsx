import { useId, useState } from 'react';
import { Link, useLocation, useNavigate, type Location } from 'react-router-dom';
import { loginSchema } from '#shared/schemas/auth';
import { api, ApiError } from '#client/lib/api-client';
import type { RouteHandle } from '#shared/page-meta';
import { paths } from '#shared/paths';
import { CheckboxField, FieldFrame } from './kit/form-fields';
import { enterBackOffice } from './kit/enter-back-office';
import { signIn } from './kit/session';
import type { SessionUser } from './kit/session-storage';
import { toast, Toaster } from './kit/toast';
import { useAdminForm } from './kit/use-admin-form';

export const handle: RouteHandle = {
  app: 'admin',
  meta: () => ({ title: 'Connexion', description: 'Connexion à l’espace administrateur', noindex: true }),
};

interface LoginAnswer {
  user: SessionUser;
  access_token?: string;
  token?: string;
}

/** Where to go after signing in: the page asked for (state `from`), else the dashboard. */
function destination(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || !from.pathname.startsWith('/admin')) return paths.adminDashboard;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** Sign-in (product rules, Pages and routes, States, Messages and errors), without the public layout. */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const [showPassword, setShowPassword] = useState(false);
  // The refusal beside the form (a toast alone goes away and sits far from the fields).
  const [failure, setFailure] = useState<string | null>(null);
  const failureId = useId();
  const form = useAdminForm({
    schema: loginSchema,
    initialValues: { email: '', password: '', remember: false },
    draftKey: false,
    onSubmit: (data) => {
      setFailure(null);
      return api<LoginAnswer>('/auth/login', { method: 'POST', json: data });
    },
    onSuccess: (answer) => {
      signIn(answer.access_token ?? answer.token ?? '', answer.user);
      enterBackOffice(
        destination(location.state),
        { title: 'Connexion réussie', description: 'Bienvenue dans votre espace administrateur.' },
        navigate,
      );
    },
    onError: (error) => {
      // The server's message: wrong credentials, or the lockout's 429 sentence.
      const message =
        error instanceof ApiError ? error.message : 'Identifiants incorrects. Veuillez réessayer.';
      setFailure(message);
      toast({ title: 'Échec de la connexion', description: message, variant: 'destructive' });
    },
  });
  // Both fields point at the refusal: it is about the pair, not one of them.
  const linked = (name: 'email' | 'password') => {
    const bound = form.field(name);
    if (!failure) return bound;
    return {
      ...bound,
      'aria-invalid': true as const,
      'aria-describedby': [bound['aria-describedby'], failureId].filter(Boolean).join(' '),
    };
  };
  const password = linked('password');

  return (
    <main className="login-page">
      <form
        ref={form.formRef}
        className="login-card"
        onSubmit={form.handleSubmit}
        noValidate
        aria-labelledby="login-title"
      >
        <h1 id="login-title">Connexion</h1>
        <p className="muted">Espace administrateur</p>
        {failure && (
          <p className="form-error" role="alert" id={failureId}>
            {failure}
          </p>
        )}
        <FieldFrame form={form} name="email" label="Email" required>
          <input {...linked('email')} type="email" autoComplete="username" required />
        </FieldFrame>
        <FieldFrame form={form} name="password" label="Mot de passe" required>
          <div className="password-field">
            <input
              {...password}
              type={showPassword ? 'text' : 'password'}
              autoComplete="current-password"
              required
            />
            <button
              type="button"
              className="btn-ghost"
              onClick={() => setShowPassword((shown) => !shown)}
              aria-pressed={showPassword}
              aria-label={showPassword ? 'Masquer le mot de passe' : 'Afficher le mot de passe'}
            >
              {showPassword ? 'Masquer' : 'Afficher'}
            </button>
          </div>
        </FieldFrame>
        <div className="login-row">
          <CheckboxField form={form} name="remember" label="Se souvenir de moi" />
          {/* An e-mailed link to choose a new password (docs/product-rules.md, "Staff accounts"). */}
          <Link to={paths.forgotPassword}>Mot de passe oublié ?</Link>
        </div>
        <button type="submit" className="btn btn-primary" disabled={form.submitting || !form.ready}>
          {form.submitting ? 'Chargement...' : 'Se connecter'}
        </button>
        <p className="login-links">
          {/* Inert too (product rules: no public sign-up). */}
          <a href="#" onClick={(event) => event.preventDefault()}>
            S'inscrire
          </a>
          <a href={paths.home}>Retour au site</a>
        </p>
      </form>
      <Toaster />
    </main>
  );
}
