import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api, ApiError } from '#client/lib/api-client';
import type { RouteHandle } from '#shared/page-meta';
import { paths } from '#shared/paths';
import { authMessages, forgotPasswordSchema } from '#shared/schemas/auth';
import { FieldFrame } from '../kit/form-fields';
import { Toaster } from '../kit/toast';
import { useAdminForm } from '../kit/use-admin-form';
import { LinkCard } from './password-choice-form';

export const handle: RouteHandle = {
  app: 'admin',
  meta: () => ({
    title: 'Mot de passe oublié',
    description: 'Recevoir un lien pour choisir un nouveau mot de passe.',
    noindex: true,
  }),
};

/**
 * /mot-de-passe-oublie (docs/product-rules.md, "Staff accounts"): an e-mail address. The
 * answer is the same sentence whatever was typed (the server's 202), so the page never
 * tells whether an account exists; it stays shown, with the way back to the sign-in.
 */
export function Component() {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useAdminForm({
    schema: forgotPasswordSchema,
    initialValues: { email: '' },
    draftKey: false,
    onSubmit: (data) => {
      setFailure(null);
      return api<{ message?: string }>('/auth/forgot-password', { method: 'POST', json: data });
    },
    onSuccess: (answer) => setSent(answer.message ?? authMessages.forgotAnswer),
    onError: (error) => {
      if (error instanceof ApiError && error.errors) return;
      // A 429 (too many requests from this address) or an outage, in the server's words.
      setFailure(
        error instanceof Error && error.message
          ? error.message
          : "Une erreur s'est produite. Veuillez réessayer.",
      );
    },
  });

  return (
    <LinkCard
      title="Mot de passe oublié"
      lead="Indiquez l'adresse e-mail de votre compte : vous recevrez un lien pour choisir un nouveau mot de passe."
    >
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <form ref={form.formRef} onSubmit={form.handleSubmit} noValidate className="link-form">
          {failure && (
            <p className="form-error" role="alert">
              {failure}
            </p>
          )}
          <FieldFrame form={form} name="email" label="Email" required>
            <input {...form.field('email')} type="email" autoComplete="username" required />
          </FieldFrame>
          <button type="submit" className="btn btn-primary" disabled={form.submitting || !form.ready}>
            {form.submitting ? 'Chargement...' : 'Envoyer le lien'}
          </button>
        </form>
      )}
      <p className="login-links">
        <Link to={paths.login}>Retour à la connexion</Link>
      </p>
      <Toaster />
    </LinkCard>
  );
}
