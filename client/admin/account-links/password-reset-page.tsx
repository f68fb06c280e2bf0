import { useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '#client/lib/api-client';
import type { RouteHandle } from '#shared/page-meta';
import { paths } from '#shared/paths';
import { authMessages } from '#shared/schemas/auth';
import { Toaster } from '../kit/toast';
import { useLinkToken } from './link-token';
import { LinkCard, PasswordChoiceForm } from './password-choice-form';

/** One person's page (a one-use link): never cached, never indexed, no referrer sent. */
export const handle: RouteHandle = {
  app: 'admin',
  meta: () => ({
    title: 'Nouveau mot de passe',
    description: 'Choisissez un nouveau mot de passe.',
    noindex: true,
    private: true,
  }),
};

const RESET_BASE = '/reinitialiser';

/**
 * /reinitialiser/{token} (docs/product-rules.md, "Staff accounts"): a new password; the
 * server then closes every session of the account and lifts its lockout, which the page
 * says. A used or expired link: the API's sentence and a link to ask for another.
 */
export function Component() {
  const token = useLinkToken(RESET_BASE);
  const [outcome, setOutcome] = useState<{ done: string } | { gone: string } | null>(null);

  let body;
  if (outcome && 'done' in outcome) {
    body = (
      <>
        <p role="status">{outcome.done}</p>
        <p className="login-links">
          <Link to={paths.login}>Se connecter</Link>
        </p>
      </>
    );
  } else if (outcome || !token) {
    body = (
      <>
        <p className="form-error" role="alert">
          {outcome?.gone ??
            'Ce lien est incomplet : ouvrez à nouveau le lien reçu par e-mail, ou demandez-en un nouveau.'}
        </p>
        <p className="login-links">
          <Link to={paths.forgotPassword}>Demander un nouveau lien</Link>
          <Link to={paths.login}>Retour à la connexion</Link>
        </p>
      </>
    );
  } else {
    body = (
      <PasswordChoiceForm
        token={token}
        submitLabel="Enregistrer le mot de passe"
        send={(json) => api<{ message?: string }>('/auth/reset-password', { method: 'POST', json })}
        onSuccess={(answer) => setOutcome({ done: answer.message ?? authMessages.passwordReset })}
        onGone={(gone) => setOutcome({ gone })}
      />
    );
  }
  return (
    <LinkCard title="Nouveau mot de passe" lead="Espace administrateur">
      {body}
      <Toaster />
    </LinkCard>
  );
}
