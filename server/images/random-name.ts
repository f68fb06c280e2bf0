import { randomBytes } from 'node:crypto';

/**
 * Server-generated file names (product rules: uploads are stored under server-generated names).
 * Lower-case letters and digits only: safe in URLs and on case-insensitive disks, and
 * free of '-', which separates a stored image's name from its variant width.
 */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
// 252 = 7 * 36: bytes at or above it are dropped so every character is equally likely.
const UNBIASED_LIMIT = 252;

export function randomName(length = 16): string {
  let name = '';
  while (name.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= UNBIASED_LIMIT) continue;
      name += ALPHABET[byte % ALPHABET.length];
      if (name.length === length) break;
    }
  }
  return name;
}
