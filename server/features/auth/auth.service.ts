import { authMessages, type LoginInput } from '#shared/schemas/auth';
import { forgetInitialPassword } from '#server/auth/initial-password';
import { TooManyRequestsError, UnauthorizedError } from '#server/errors';
import { rateLimit } from '#server/http/rate-limit';
import { systemClock, type AuthDeps } from './auth-deps';
import { loginThrottle } from './login-throttle';
import { matchesStoredPassword } from './password-check';
import { revokeToken } from './revoked-tokens.repository';
import { firstValidSecond, issueTokenFor, sessionAnswer } from './session';
import type { AuthContext, SessionAnswer } from './session';
import { findUserByEmail, setLastLogin } from './users.repository';
import { recordActivity } from '#server/features/activity';
import { accountIsActive, toPublicUser, tokensValidAfter } from './user-view';

/**
 * Sign-in, sign-out and renewal (product rules, API, /auth/*; product rules, Security). No
 * request or response here: the routes hand over validated input and the verified session.
 */
export function authService(deps: AuthDeps) {
  const now = deps.now ?? systemClock;
  const throttle = loginThrottle(deps.db, deps.config.limits, now);
  // Beside the per-account lockout: one client trying many e-mails is stopped too, before
  // any database write or password check (docs/decisions/0010-password-hashing-off-the-event-loop.md).
  const perClient = rateLimit(deps.config, 'loginClients');

  return {
    /** `input.email` is already trimmed and lower-cased by the shared schema. */
    async login(input: LoginInput, ip: string): Promise<SessionAnswer> {
      const client = await perClient.take(ip);
      if (!client.granted)
        throw new TooManyRequestsError(authMessages.tooManyAttempts, client.retryAfterSeconds);
      const attemptId = await throttle.begin(input.email, ip);
      const user = await findUserByEmail(deps.db, input.email);
      const matches = await matchesStoredPassword(input.password, user?.password_hash ?? null);
      // A deactivated or invited account is refused like a wrong password, after the same
      // one comparison: neither the words nor the time tell it apart.
      if (!user || !matches || !accountIsActive(user)) {
        // The address typed is no secret (the schema made it an e-mail); no actor.
        await recordActivity(
          deps.db,
          null,
          { action: 'login_failed', entity: 'user', entityId: user?.id ?? null, label: input.email },
          now(),
        );
        throw new UnauthorizedError(authMessages.invalidCredentials);
      }
      await throttle.succeed(attemptId, input.email);
      await client.slot.release();
      forgetInitialPassword(deps.config.storageDir, user.email);
      const account = toPublicUser(user);
      const at = now();
      await deps.db.transaction(async (trx) => {
        await setLastLogin(trx, account.id, at);
        await recordActivity(
          trx,
          account,
          { action: 'login', entity: 'user', entityId: account.id, label: account.name },
          at,
        );
      });
      const minIssuedAt = firstValidSecond(tokensValidAfter(user));
      return sessionAnswer(
        account,
        issueTokenFor(deps, { userId: account.id, remember: input.remember, minIssuedAt }, now()),
      );
    },

    /** Revokes the token that proved the session, until its own expiry. */
    async logout(session: AuthContext): Promise<{ message: string }> {
      await revokeToken(deps.db, session.claims, now());
      return { message: authMessages.loggedOut };
    },

    /**
     * A fresh token of the same lifetime class (8 hours, or 30 days after 'Se souvenir de
     * moi'); the old one is revoked so a stolen copy stops working once the owner renews.
     */
    async refresh(session: AuthContext): Promise<SessionAnswer> {
      const at = now();
      await revokeToken(deps.db, session.claims, at);
      // The renewed token was accepted, so its issue time is a valid one for the account.
      const minIssuedAt = session.claims.issuedAt;
      const issued = issueTokenFor(
        deps,
        { userId: session.user.id, remember: session.claims.remember, minIssuedAt },
        at,
      );
      return sessionAnswer(session.user, issued);
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
