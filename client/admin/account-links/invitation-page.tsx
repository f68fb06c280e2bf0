import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '#client/lib/api-client';
import type { RouteHandle } from '#shared/page-meta';
import { paths } from '#shared/paths';
import { enterBackOffice } from '../kit/enter-back-office';
import { signIn } from '../kit/session';
import type { SessionUser } from '../kit/session-storage';
import { Toaster } from '../kit/toast';
import { useLinkToken } from './link-token';
import { LinkCard, PasswordChoiceForm } from './password-choice-form';

/** One person's page (a one-use link): never cached, never indexed, no referrer sent. */
export const handle: RouteHandle = {
  app: 'admin',
  meta: () => ({
    title: 'Invitation',
    description: 'Choisissez le mot de passe de votre compte.',
    noindex: true,
    private: true,
  }),
};

/** The sign-in's answer (login-page.tsx reads the same). */
interface SessionAnswer {
  user: SessionUser;
  access_token?: string;
  token?: string;
}

const INVITATION_BASE = '/invitation';

/**
 * /invitation/{token} (docs/product-rules.md, "Staff accounts"): the invited person
 * chooses a password and is signed in, the session stored as the sign-in page stores it.
 * A used, expired or replaced link: the API's sentence and who can send another.
 */
export function Component() {
  const token = useLinkToken(INVITATION_BASE);
  const navigate = useNavigate();
  const [gone, setGone] = useState<string | null>(null);

  return (
    <LinkCard title="Bienvenue" lead="Choisissez le mot de passe de votre compte.">
      {gone || !token ? (
        <>
          <p className="form-error" role="alert">
            {gone ??
              "Ce lien est incomplet : ouvrez à nouveau le lien reçu par e-mail (il reste valable tant qu'il n'a pas servi)."}
          </p>
          <p>Demandez une nouvelle invitation à l'administrateur du site.</p>
          <p className="login-links">
            <Link to={paths.login}>Aller à la connexion</Link>
          </p>
        </>
      ) : (
        <PasswordChoiceForm
          token={token}
          submitLabel="Créer mon mot de passe"
          send={(body) => api<SessionAnswer>('/auth/accept-invitation', { method: 'POST', json: body })}
          onSuccess={(answer) => {
            signIn(answer.access_token ?? answer.token ?? '', answer.user);
            enterBackOffice(
              paths.adminDashboard,
              { title: 'Compte activé', description: 'Bienvenue dans votre espace administrateur.' },
              navigate,
            );
          }}
          onGone={setGone}
        />
      )}
      <Toaster />
    </LinkCard>
  );
}
