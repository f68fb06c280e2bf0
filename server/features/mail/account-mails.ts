import type { Knex } from 'knex';
import { paths } from '#shared/paths';
import { ROLE_LABELS, isRole } from '#shared/roles';
import { enqueueMail } from '#server/features/outbox';
import { renderMail, signatureBlock } from './mail-layout';
import type { LinkMailDeps } from './mail-deps';

/**
 * The staff accounts' mails (docs/product-rules.md, "Staff accounts"): the invitation to
 * choose a password, and the password reset link. Each is queued in the transaction that
 * stores its link's hash; the link itself goes into the outbox sealed, never in clear
 * (docs/decisions/0031-no-secret-in-stored-mail.md).
 */

export interface AccountForMail {
  id: number;
  name: string;
  email: string;
  role: string;
}

export interface AccountLinkMailDeps extends LinkMailDeps {
  config: LinkMailDeps['config'] & { accounts: { invitationValidHours: number; resetValidMinutes: number } };
}

export function invitationUrl(appUrl: string, token: string): string {
  return `${appUrl}${paths.invitation(token)}`;
}

export function passwordResetUrl(appUrl: string, token: string): string {
  return `${appUrl}${paths.passwordReset(token)}`;
}

export function invitationMail(
  account: AccountForMail,
  inviter: string,
  url: string,
  deps: AccountLinkMailDeps,
) {
  const { site, accounts } = deps.config;
  const role = isRole(account.role) ? ROLE_LABELS[account.role] : account.role;
  return {
    subject: `Invitation à l’espace d’administration ${site.name}`,
    ...renderMail(site, {
      title: 'Votre compte vous attend',
      blocks: [
        { kind: 'paragraph', text: `Bonjour ${account.name},` },
        {
          kind: 'paragraph',
          text: `${inviter} vous invite à rejoindre l’espace d’administration du site ${site.name} avec le rôle ${role}.`,
        },
        {
          kind: 'paragraph',
          text: `Choisissez votre mot de passe avec le lien ci-dessous. Il fonctionne ${accounts.invitationValidHours} heures et une seule fois.`,
        },
        { kind: 'button', label: 'Choisir mon mot de passe', href: url },
        { kind: 'paragraph', text: url },
        {
          kind: 'paragraph',
          text: 'Vous n’attendiez pas cette invitation ? Ignorez ce courriel : aucun compte ne s’ouvrira sans vous.',
        },
        signatureBlock(site),
      ],
    }),
  };
}

export function passwordResetMail(account: AccountForMail, url: string, deps: AccountLinkMailDeps) {
  const { site, accounts } = deps.config;
  return {
    subject: `Réinitialisation de votre mot de passe ${site.name}`,
    ...renderMail(site, {
      title: 'Choisissez un nouveau mot de passe',
      blocks: [
        { kind: 'paragraph', text: `Bonjour ${account.name},` },
        {
          kind: 'paragraph',
          text: `Une demande de réinitialisation du mot de passe de votre compte ${site.name} a été faite. Le lien ci-dessous fonctionne ${accounts.resetValidMinutes} minutes et une seule fois ; il ferme toutes vos sessions ouvertes.`,
        },
        { kind: 'button', label: 'Choisir un nouveau mot de passe', href: url },
        { kind: 'paragraph', text: url },
        {
          kind: 'paragraph',
          text: 'Vous n’avez rien demandé ? Ignorez ce courriel : votre mot de passe ne change pas.',
        },
        signatureBlock(site),
      ],
    }),
  };
}

function queueToAccount(
  trx: Knex | Knex.Transaction,
  account: AccountForMail,
  mail: { subject: string; html: string; text: string },
  url: string,
  deps: AccountLinkMailDeps,
): Promise<number> {
  return enqueueMail(
    trx,
    {
      to: [account.email],
      about: { type: 'user', id: account.id },
      ...mail,
      secretLink: { url, jwtSecret: deps.config.jwtSecret },
    },
    deps.now,
  );
}

export async function queueInvitationMail(
  trx: Knex | Knex.Transaction,
  account: AccountForMail,
  inviter: string,
  token: string,
  deps: AccountLinkMailDeps,
): Promise<void> {
  const url = invitationUrl(deps.config.appUrl, token);
  await queueToAccount(trx, account, invitationMail(account, inviter, url, deps), url, deps);
}

export async function queuePasswordResetMail(
  trx: Knex | Knex.Transaction,
  account: AccountForMail,
  token: string,
  deps: AccountLinkMailDeps,
): Promise<void> {
  const url = passwordResetUrl(deps.config.appUrl, token);
  await queueToAccount(trx, account, passwordResetMail(account, url, deps), url, deps);
}
