import bcrypt from 'bcryptjs';

/** Rulings, "Security": bcrypt cost >= 12, passwords of 8 to 72 bytes (bcrypt's own limit). */
export const BCRYPT_COST = 12;

export function passwordByteLength(password: string): number {
  return Buffer.byteLength(password, 'utf8');
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return bcrypt.compare(password, hash);
}
