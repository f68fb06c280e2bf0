import { AppError } from '#server/errors';
import { compareInWorker, hashInWorker, PasswordHasherBusyError } from './password-hasher';

/** Product rules, Security: bcrypt cost >= 12, passwords of 8 to 72 bytes (bcrypt's own limit). */
export const BCRYPT_COST = 12;

export function passwordByteLength(password: string): number {
  return Buffer.byteLength(password, 'utf8');
}

/** Hashing and checking run in worker threads (password-hasher.ts), never on the event loop. */
export function hashPassword(password: string): Promise<string> {
  return hashInWorker(password, BCRYPT_COST).catch(busyToUnavailable);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return compareInWorker(password, hash).catch(busyToUnavailable);
}

/** A full queue is a flood: the caller may try again in a moment (503, Retry-After). */
function busyToUnavailable(error: unknown): never {
  if (error instanceof PasswordHasherBusyError)
    throw new AppError(503, 'Service momentanément surchargé. Réessayez dans quelques instants.', undefined, {
      'Retry-After': '5',
    });
  throw error;
}
