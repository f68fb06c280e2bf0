import { PASSWORD_MAX_BYTES } from '#shared/schemas/auth';
import { passwordByteLength, verifyPassword } from '#server/auth/passwords';

/**
 * A bcrypt hash (cost 12, like every stored hash) of a random string nobody knows. It is
 * compared against when no account has the e-mail, so an unknown address costs the same
 * time as a wrong password and timing does not reveal which e-mails exist (product rules,
 * "Security"). A unit test keeps its cost equal to BCRYPT_COST.
 */
export const DUMMY_PASSWORD_HASH = '$2b$12$.LGvt1pvu688dh1EM9AIrOHkBCTTIV7vTk2M/6PpKYWXDU4G9DhW6';

/**
 * Whether `candidate` is the password behind `storedHash` (null: no such account). Always
 * spends exactly one bcrypt comparison. bcrypt reads only the first 72 bytes, so a longer
 * candidate could match a stored password by its prefix; no stored password is longer
 * (passwords must be 8 to 72 bytes), so such a candidate is simply wrong.
 */
export async function matchesStoredPassword(candidate: string, storedHash: string | null): Promise<boolean> {
  const usable = storedHash !== null && passwordByteLength(candidate) <= PASSWORD_MAX_BYTES;
  const matches = await verifyPassword(candidate, usable ? storedHash : DUMMY_PASSWORD_HASH);
  return usable && matches;
}
