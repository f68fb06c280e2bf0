import { authMessages, type ForgotPasswordInput, type LinkPasswordInput } from '#shared/schemas/auth';
import { hashPassword } from '#server/auth/passwords';
import { toBool, toDbDateTime } from '#server/db/dialect';
import { AppError } from '#server/errors';
import { recordActivity } from '#server/features/activity';
import { queuePasswordResetMail } from '#server/features/mail';
import { systemClock, type AuthDeps } from './auth-deps';
import { findUsableLink, issueLink, useLink, voidLinks, type LinkPurpose } from './account-links.repository';
import { issueTokenFor, sessionAnswer, type SessionAnswer } from './session';
import { findUserByEmail, findUserById } from './users.repository';
import { accountIsActive, toPublicUser, type UserRow } from './user-view';

/** 410: the link is unknown, used, expired or voided; the answer never says which. */
export class GoneLinkError extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}

const GONE: Record<LinkPurpose, string> = {
  invitation: authMessages.invitationGone,
  reset: authMessages.resetGone,
};

/**
 * The staff accounts' one-use links (docs/product-rules.md, "Staff accounts";
 * docs/decisions/0035-staff-accounts-and-one-use-links.md): accepting an invitation,
 * asking for a password reset, and resetting. The routes limit the tries per client.
 */
export function accountLinksService(deps: AuthDeps) {
  const now = deps.now ?? systemClock;
  const { db, config } = deps;
  const resetMs = config.accounts.resetValidMinutes * 60_000;

  /** The account a link opens for `purpose`, in the state the purpose needs, or 410. */
  async function opened(token: string, purpose: LinkPurpose) {
    const link = await findUsableLink(db, token, purpose, now());
    const row = link ? await findUserById(db, link.userId) : undefined;
    const fits = (r: UserRow) =>
      purpose === 'invitation' ? toBool(r.active) && toBool(r.invitation_pending) : accountIsActive(r);
    if (!link || !row || !fits(row)) throw new GoneLinkError(GONE[purpose]);
    return { link, row };
  }

  return {
    /** The invited person chooses a password and is signed in, as the login answers. */
    async acceptInvitation(input: LinkPasswordInput): Promise<SessionAnswer> {
      const { link, row } = await opened(input.token, 'invitation');
      const hash = await hashPassword(input.password);
      const at = now();
      await db.transaction(async (trx) => {
        if (!(await useLink(trx, link, at))) throw new GoneLinkError(GONE.invitation);
        const affected = await trx('users')
          .where({ id: row.id, active: true, invitation_pending: true })
          .update({
            password_hash: hash,
            invitation_pending: false,
            last_login_at: toDbDateTime(at),
            updated_at: toDbDateTime(at),
          });
        // Deactivated meanwhile: the link no longer opens anything.
        if (affected !== 1) throw new GoneLinkError(GONE.invitation);
        await voidLinks(trx, row.id, 'invitation');
        const actor = { id: Number(row.id), name: row.name };
        await recordActivity(
          trx,
          actor,
          { action: 'invitation_accepted', entity: 'user', entityId: row.id, label: row.name },
          at,
        );
      });
      const user = toPublicUser(row);
      return sessionAnswer(
        user,
        issueTokenFor(deps, { userId: user.id, remember: false, minIssuedAt: 0 }, at),
      );
    },

    /**
     * Called after the answer has left (the route answers 202 first): a link is mailed only
     * to an account that can sign in; an unknown, deactivated or invited address gets nothing.
     */
    async forgotPassword(input: ForgotPasswordInput): Promise<boolean> {
      const row = await findUserByEmail(db, input.email);
      if (!row || !accountIsActive(row)) return false;
      const at = now();
      await db.transaction(async (trx) => {
        const { token } = await issueLink(trx, row.id, 'reset', resetMs, at);
        await queuePasswordResetMail(trx, row, token, { config, now: at });
      });
      return true;
    },

    /**
     * A new password through a reset link: every session of the account ends (its tokens
     * up to this second are refused), its sign-in lockout is lifted, its other links void.
     * Answers a message, not a session: signing in with the new password is the proof.
     */
    async resetPassword(input: LinkPasswordInput): Promise<{ success: true; message: string }> {
      const { link, row } = await opened(input.token, 'reset');
      const hash = await hashPassword(input.password);
      const at = now();
      const stamp = toDbDateTime(new Date(Math.floor(at.getTime() / 1000) * 1000));
      await db.transaction(async (trx) => {
        if (!(await useLink(trx, link, at))) throw new GoneLinkError(GONE.reset);
        const affected = await trx('users')
          .where({ id: row.id, active: true, invitation_pending: false })
          .update({ password_hash: hash, tokens_valid_after: stamp, updated_at: toDbDateTime(at) });
        if (affected !== 1) throw new GoneLinkError(GONE.reset);
        await voidLinks(trx, row.id, 'reset');
        // The lockout counts failures by address (login-throttle.ts): forgotten with them.
        await trx('login_attempts').where({ email: row.email, succeeded: false }).delete();
        const actor = { id: Number(row.id), name: row.name };
        await recordActivity(
          trx,
          actor,
          { action: 'password_reset', entity: 'user', entityId: row.id, label: row.name },
          at,
        );
      });
      return { success: true, message: authMessages.passwordReset };
    },
  };
}
