import { LARGE_SCALE_MAX, LARGE_SCALE_MIN } from './large/seed-large';

const USAGE = `Usage : npm run seed [-- --large [--scale N]] (N de ${LARGE_SCALE_MIN} à ${LARGE_SCALE_MAX})`;

/**
 * The options of `npm run seed` (server/seed/seed-cli.ts): `--large` and `--scale N` (or
 * `--scale=N`), or a French refusal with the usage line.
 */
export function parseSeedArgs(args: readonly string[]): { large: boolean; scale: number } {
  let large = false;
  let scale: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--large') large = true;
    else if (arg === '--scale') scale = args[++i] ?? '';
    else if (arg.startsWith('--scale=')) scale = arg.slice('--scale='.length);
    else throw new Error(`Option inconnue : ${arg}. ${USAGE}`);
  }
  if (scale === undefined) return { large, scale: 1 };
  const n = /^\d+$/.test(scale) ? Number(scale) : Number.NaN;
  if (!(n >= LARGE_SCALE_MIN && n <= LARGE_SCALE_MAX)) {
    throw new Error(
      `Échelle invalide : « ${scale} » (un nombre entier de ${LARGE_SCALE_MIN} à ${LARGE_SCALE_MAX}). ${USAGE}`,
    );
  }
  if (!large) throw new Error(`--scale multiplie le volume de --large : ajoutez --large. ${USAGE}`);
  return { large, scale: n };
}
