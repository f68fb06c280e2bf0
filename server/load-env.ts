import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Reads `.env` from the working directory when there is one (Node's own parser, no
 * dependency). Variables already set in the environment win, as operators expect.
 */
export function loadEnvFile(cwd = process.cwd()): void {
  const file = path.join(cwd, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}
