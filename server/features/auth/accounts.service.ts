import { authMessages, type RegisterInput } from '#shared/schemas/auth';
import { hashPassword } from '#server/auth/passwords';
import { isUniqueViolation } from '#server/db/dialect';
import { ValidationError } from '#server/errors';
import { systemClock, type AuthDeps } from './auth-deps';
import { emailTakenByOther, insertUser } from './users.repository';
import type { PublicUser } from './user-view';
import { recordActivity, type Actor } from '#server/features/activity';

/**
 * POST /auth/register: an administrator creates an account with its password, active at
 * once, with one of the four roles (product rules: no public sign-up; the route is guarded
 * by requireAdmin; docs/product-rules.md, "Staff accounts"). A duplicate e-mail answers 422 on `email`, the
 * same way the profile form reports it.
 */
export function accountsService(deps: AuthDeps) {
  const now = deps.now ?? systemClock;
  const emailTaken = () => new ValidationError({ email: [authMessages.emailTaken] });

  return {
    async register(input: RegisterInput, actor: Actor): Promise<{ user: PublicUser }> {
      if (await emailTakenByOther(deps.db, input.email, null)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      try {
        const id = await deps.db.transaction(async (trx) => {
          const created = await insertUser(
            trx,
            { name: input.name, email: input.email, passwordHash, role: input.role },
            now(),
          );
          await recordActivity(
            trx,
            actor,
            {
              action: 'create',
              entity: 'user',
              entityId: created,
              label: input.name,
              changes: { email: [null, input.email], role: [null, input.role] },
            },
            now(),
          );
          return created;
        });
        return { user: { id, name: input.name, email: input.email, role: input.role } };
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },
  };
}
