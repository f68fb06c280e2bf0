import { authMessages, type ProfileUpdateInput } from '#shared/schemas/auth';
import { hashPassword } from '#server/auth/passwords';
import { isUniqueViolation } from '#server/db/dialect';
import { TooManyRequestsError, UnauthorizedError, ValidationError, type FieldErrors } from '#server/errors';
import { rateLimit } from '#server/http/rate-limit';
import { systemClock, type AuthDeps } from './auth-deps';
import { matchesStoredPassword } from './password-check';
import { firstValidSecond, issueTokenFor, sessionAnswer } from './session';
import type { AuthContext, SessionAnswer } from './session';
import { emailTakenByOther, findUserById, updateUser } from './users.repository';
import type { PublicUser } from './user-view';

export type ProfileAnswer = { message: string; user: PublicUser } | ({ message: string } & SessionAnswer);

/**
 * PUT /auth/user, 'Mon Profil' (product rules, Validation; product rules, Security). The shared
 * schema has already checked the fields; what needs the database is checked here: the
 * current password, and an e-mail that another account uses.
 */
export function profileService(deps: AuthDeps) {
  const now = deps.now ?? systemClock;
  const emailTaken = () => new ValidationError({ email: [authMessages.emailTaken] });
  // Wrong current passwords per account, like the login lockout: a stolen session cannot
  // guess the password behind it at bcrypt's speed.
  const guesses = rateLimit(deps.config, 'profilePasswordGuesses');

  return {
    async update(session: AuthContext, input: ProfileUpdateInput): Promise<ProfileAnswer> {
      const row = await findUserById(deps.db, session.user.id);
      if (!row) throw new UnauthorizedError(authMessages.sessionRevoked);

      const errors: FieldErrors = {};
      if (await emailTakenByOther(deps.db, input.email, session.user.id))
        errors.email = [authMessages.emailTaken];
      const changingPassword = input.newPassword !== undefined;
      // The sign-in address is a credential too: changing it needs the current password.
      const changingEmail = input.email.toLowerCase() !== row.email.toLowerCase();
      if (changingEmail && !changingPassword && input.currentPassword === undefined)
        errors.currentPassword = [authMessages.currentPasswordRequiredForEmail];
      else if (changingPassword || changingEmail) {
        const guess = await guesses.take(String(row.id));
        if (!guess.granted)
          throw new TooManyRequestsError(authMessages.tooManyAttempts, guess.retryAfterSeconds);
        if (await matchesStoredPassword(input.currentPassword ?? '', row.password_hash))
          await guess.slot.release();
        else errors.currentPassword = [authMessages.currentPasswordWrong];
      }
      if (Object.keys(errors).length > 0) throw new ValidationError(errors);

      const hash = changingPassword ? await hashPassword(input.newPassword ?? '') : null;
      // Read after the slow hash: tokens issued while it ran must fall before the change.
      const at = now();
      // Every token issued up to this second, the caller's included (its iat may already
      // lie ahead, see session.ts), is refused from now on (product rules: a password change
      // revokes the sessions; the caller gets a fresh token below).
      const validAfter = new Date(Math.max(Math.floor(at.getTime() / 1000), session.claims.issuedAt) * 1000);
      try {
        await updateUser(
          deps.db,
          session.user.id,
          {
            name: input.fullName,
            email: input.email,
            ...(hash ? { password: { hash, tokensValidAfter: validAfter } } : {}),
          },
          at,
        );
      } catch (error) {
        // Another account took the address between the check and the write.
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }

      const user: PublicUser = { ...session.user, name: input.fullName, email: input.email };
      if (!hash) return { message: authMessages.profileUpdated, user };
      // The session that changed the password goes on with a fresh token of its own class.
      const minIssuedAt = firstValidSecond(validAfter);
      const issued = issueTokenFor(
        deps,
        { userId: user.id, remember: session.claims.remember, minIssuedAt },
        at,
      );
      return { message: authMessages.profileUpdated, ...sessionAnswer(user, issued) };
    },
  };
}
