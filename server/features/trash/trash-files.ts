import type { Knex } from 'knex';
import { decodeJson } from '#server/db/dialect';
import { storedImageKeys } from '#server/images/image-paths';
import type { FileStore } from '#server/storage/file-store';
import type { StorageLayout } from '#server/storage/layout';
import type { TrashKindHandler, TrashRow } from './trash-kind';

/**
 * The files of a trashed item (docs/decisions/0039-trash.md): its public images, with
 * their WebP variants and those of its kept versions (`revisions`), move from
 * `public/<kind>/…` to `trash/public/<kind>/…`. That folder is outside storage/app/public:
 * no address of the site (/storage, /images, /serve-image) reaches it, the image
 * diagnostic does not list it, and the backup, which takes every stored file, keeps it.
 */
export const TRASH_PREFIX = 'trash/';

/** [original key, key in the trash] for each file moved aside. */
export type MovedFile = [string, string];

export function trashKeyOf(key: string): string {
  return `${TRASH_PREFIX}${key}`;
}

/** The image paths (`products/x.jpg`) the item's kept versions show. */
async function revisionImages(db: Knex | Knex.Transaction, kind: string, id: number): Promise<string[]> {
  const rows: { data: unknown }[] = await db('revisions').where({ kind, entity_id: id }).select('data');
  return rows.flatMap((row) => {
    const data = decodeJson<unknown>(row.data, null);
    const images = data && typeof data === 'object' ? (data as { images?: unknown }).images : undefined;
    return Array.isArray(images) ? images.filter((p): p is string => typeof p === 'string') : [];
  });
}

/**
 * Every storage key of the item's images and their variants, deduplicated. A value that is
 * no stored image path (an address, an empty string) names no file of ours and is skipped.
 */
export async function itemImageKeys(
  db: Knex | Knex.Transaction,
  handler: TrashKindHandler,
  row: TrashRow,
  layout: StorageLayout,
): Promise<string[]> {
  const paths = [
    ...(await handler.publicImages(row, db)),
    ...(await revisionImages(db, handler.kind, row.id)),
  ];
  const keys = new Set<string>();
  for (const relPath of paths) {
    if (!relPath) continue;
    try {
      for (const key of storedImageKeys(relPath, layout)) keys.add(key);
    } catch {
      // Not a stored image path: nothing of ours to move.
    }
  }
  return [...keys];
}

/**
 * Throws ServiceUnavailableError('storage') (503) when either side of a move could not be
 * written or removed: checked before anything moves, so a read-only folder stops the
 * deletion or the restore with rows and files untouched.
 */
export async function ensureMovable(files: FileStore, pairs: readonly MovedFile[]): Promise<void> {
  await ensureRemovable(files, pairs.flat());
}

/** The same check for files a purge deletes: their folders take writes, or 503. */
export async function ensureRemovable(files: FileStore, keys: readonly string[]): Promise<void> {
  const folders = new Set(keys.map((key) => key.slice(0, key.lastIndexOf('/') + 1)));
  await files.ensureWritable([...folders], { missingOk: true });
}

/**
 * Copies each existing file from `from(pair)` to `to(pair)`, byte for byte, all or none
 * (putAll); answers the pairs copied. Absent files (a variant never written) are skipped.
 * The originals stay until the database agrees: the caller removes them after the commit.
 */
export async function copyFiles(
  files: FileStore,
  pairs: readonly MovedFile[],
  direction: 'aside' | 'back',
): Promise<MovedFile[]> {
  const copied: MovedFile[] = [];
  const puts: { key: string; data: Buffer }[] = [];
  for (const pair of pairs) {
    const [source, target] = direction === 'aside' ? pair : [pair[1], pair[0]];
    const data = await files.read(source);
    if (!data) continue;
    copied.push(pair);
    puts.push({ key: target, data });
  }
  await files.putAll(puts);
  return copied;
}

/** The moved files a trash row records, from its `files` column. */
export function movedFilesOf(value: unknown): MovedFile[] {
  const pairs = decodeJson<unknown>(value, []);
  if (!Array.isArray(pairs)) return [];
  return pairs.filter(
    (pair): pair is MovedFile =>
      Array.isArray(pair) && pair.length === 2 && pair.every((key) => typeof key === 'string'),
  );
}
