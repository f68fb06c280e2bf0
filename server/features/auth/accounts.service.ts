import { authMessages, type RegisterInput } from '#shared/schemas/auth';
import { hashPassword } from '#server/auth/passwords';
import { isUniqueViolation } from '#server/db/dialect';
import { ValidationError } from '#server/errors';
import { systemClock, type AuthDeps } from './auth-deps';
import { emailTakenByOther, insertUser } from './users.repository';
import type { PublicUser } from './user-view';

/**
 * POST /auth/register: an administrator creates an account (product rules: no public sign-up;
 * the route is guarded by requireAdmin). A duplicate e-mail answers 422 on `email`, the
 * same way the profile form reports it.
 */
export function accountsService(deps: AuthDeps) {
  const now = deps.now ?? systemClock;
  const emailTaken = () => new ValidationError({ email: [authMessages.emailTaken] });

  return {
    async register(input: RegisterInput): Promise<{ user: PublicUser }> {
      if (await emailTakenByOther(deps.db, input.email, null)) throw emailTaken();
      const passwordHash = await hashPassword(input.password);
      try {
        const id = await insertUser(
          deps.db,
          { name: input.name, email: input.email, passwordHash, role: input.role },
          now(),
        );
        return { user: { id, name: input.name, email: input.email, role: input.role } };
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },
  };
}
