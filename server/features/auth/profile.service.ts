import type { Knex } from 'knex';
import { authMessages, type ProfileUpdateInput } from '#shared/schemas/auth';
import { hashPassword } from '#server/auth/passwords';
import { isUniqueViolation } from '#server/db/dialect';
import { TooManyRequestsError, UnauthorizedError, ValidationError, type FieldErrors } from '#server/errors';
import { rateLimit } from '#server/http/rate-limit';
import { changedFields, recordActivity, type Actor } from '#server/features/activity';
import { systemClock, type AuthDeps } from './auth-deps';
import { matchesStoredPassword } from './password-check';
import { firstValidSecond, issueTokenFor, sessionAnswer } from './session';
import type { AuthContext, SessionAnswer } from './session';
import { emailTakenByOther, findUserById, updateUser } from './users.repository';
import type { PublicUser } from './user-view';

/**
 * The activity log's rows of a profile change (docs/decisions/0036-activity-log.md): the
 * name and e-mail with their old and new values; a new password as its own row, without
 * any value (neither password nor hash).
 */
async function recordProfileChange(
  trx: Knex.Transaction,
  actor: Actor,
  before: { name: string; email: string },
  input: ProfileUpdateInput,
  passwordChanged: boolean,
): Promise<void> {
  const changes = changedFields(
    { name: before.name, email: before.email },
    { name: input.fullName, email: input.email },
  );
  const entry = { entity: 'user', entityId: actor.id, label: input.fullName } as const;
  if (Object.keys(changes).length > 0)
    await recordActivity(trx, actor, { ...entry, action: 'update', changes });
  if (passwordChanged) await recordActivity(trx, actor, { ...entry, action: 'password_change' });
}

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
      // The actor is the session's own user, as actorOf(res) would give it.
      const actor = { id: session.user.id, name: session.user.name };
      try {
        await deps.db.transaction(async (trx) => {
          await updateUser(
            trx,
            session.user.id,
            {
              name: input.fullName,
              email: input.email,
              ...(hash ? { password: { hash, tokensValidAfter: validAfter } } : {}),
            },
            at,
          );
          await recordProfileChange(trx, actor, row, input, hash !== null);
        });
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
