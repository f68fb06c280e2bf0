import { existsSync } from 'node:fs';
import type { Knex } from 'knex';
import { AppError, ConflictError } from '#server/errors';
import type { Logger } from '#server/logger';
import { recordActivity, type Actor } from '#server/features/activity';
import { ensureStorageLayout, IMAGE_KINDS, type StorageLayout } from '#server/storage/layout';
import { publicLinkReport } from './public-link';

export interface RepairResult {
  success: true;
  message: string;
  symlinks: { public_storage_exists: boolean; is_symlink: boolean; symlink_target: string | null };
  image_folders: Record<string, { exists: boolean }>;
}

const REPAIRED = 'Réparation du stockage effectuée avec succès';

/**
 * 'Réparer le stockage' (product rules, Pages and routes and Messages and errors; product rules, Runtime): recreates
 * the storage folders and the `public/storage` link with the same idempotent code the
 * server runs at start-up. A real folder standing where the link goes is left alone (it
 * may hold an operator's files): that is answered as a conflict, not papered over.
 */
export async function repairStorage(
  actor: Actor,
  { db, layout }: { db: Knex; layout: StorageLayout },
  log: Logger,
): Promise<RepairResult> {
  try {
    ensureStorageLayout(layout);
  } catch (err) {
    // fs errors name absolute paths: logged, never answered.
    log.error({ err }, 'réparation du stockage impossible');
    throw new AppError(
      500,
      "Impossible de créer les dossiers de stockage ou le lien public/storage (droits d'écriture ?).",
    );
  }
  const link = publicLinkReport(layout);
  if (!link.pointsToStorage) {
    throw new ConflictError(
      'Un dossier ou un fichier occupe public/storage : déplacez-le, puis relancez la réparation.',
    );
  }
  // Recorded once it worked: what it did is in the answer, the log keeps who and when.
  await recordActivity(db, actor, { action: 'repair', entity: 'storage', label: 'public/storage' });
  return {
    success: true,
    message: REPAIRED,
    symlinks: { public_storage_exists: link.exists, is_symlink: link.isSymlink, symlink_target: link.target },
    image_folders: Object.fromEntries(
      IMAGE_KINDS.map((kind) => [kind, { exists: existsSync(layout.imageDir(kind)) }]),
    ),
  };
}
