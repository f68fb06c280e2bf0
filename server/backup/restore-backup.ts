import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';
import { extract as extractTar } from 'tar';
import type { Config } from '#server/config';
import { engineOf } from '#server/db/dialect';
import { closeDb, createDb } from '#server/db/knex';
import { isKnownMigration, migrateLatest, migrateUpTo, rollbackAll } from '#server/db/migrate';
import { ensureStorageFolders } from '#server/storage/layout';
import { storageFor } from '#server/storage/storage-for';
import { tablesAtMigration } from './known-tables';
import { filesBelow, MANIFEST_FOLDER, sha256Of, sha256OfStream, type BackupManifest } from './manifest';
import { dataTables, loadTable } from './table-rows';
import { countOf } from '#shared/plural';

/**
 * `npm run restore -- <archive> [--force]` (docs/decisions/0017-backups.md): checks the
 * archive against its manifest, then puts the rows into an empty database (migrated to the
 * archive's level, filled, then migrated to this version's latest) and the files into an
 * empty storage folder, and checks the result again. A target holding data is refused
 * unless `force` says to replace it. Run it with the site stopped.
 */
/** Files put into the store at once: bounds open files and parallel uploads. */
const RESTORE_BATCH = 32;

export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

export interface RestoreReport {
  manifest: BackupManifest;
  rows: Record<string, number>;
  files: number;
  migrated: string[];
}

async function rowsIn(knex: Knex): Promise<number> {
  let total = 0;
  for (const table of await dataTables(knex))
    total += Number((await knex(table).count({ n: '*' }).first())?.n ?? 0);
  return total;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A name from the archive as a message may show it: quoted, control characters escaped. */
const shown = (name: string) => JSON.stringify(name.length > 80 ? `${name.slice(0, 80)}…` : name);

async function readManifest(work: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(await readFile(path.join(work, 'manifest.json'), 'utf8')) as BackupManifest;
  } catch {
    throw new RestoreRefused('Archive illisible : manifest.json manque ou est abîmé.');
  }
  if (
    !isRecord(manifest) ||
    manifest.format !== 1 ||
    typeof manifest.migration !== 'string' ||
    !isRecord(manifest.rows) ||
    !isRecord(manifest.files) ||
    !Object.values(manifest.rows).every((count) => Number.isSafeInteger(count) && count >= 0)
  )
    throw new RestoreRefused('Archive illisible : manifest.json n’a pas le format attendu.');
  return manifest;
}

/**
 * What the manifest names, checked before anything is read from the archive's folders or
 * touched in the target: the manifest's table names become file names (`db/{table}.jsonl`)
 * and table names in SQL, its file names keys of the store. Only the tables the
 * migrations define at the archive's level pass; a file must be a stored file's key
 * (`app/...`, no `..`).
 */
async function checkManifestNames(manifest: BackupManifest): Promise<void> {
  if (!isKnownMigration(manifest.migration))
    throw new RestoreRefused(
      `Cette archive vient d’une version plus récente du site (migration ${manifest.migration}) : mettez le site à jour d’abord.`,
    );
  const known = await tablesAtMigration(manifest.migration);
  const unknown = Object.keys(manifest.rows).filter((table) => !known.has(table));
  if (unknown.length > 0)
    throw new RestoreRefused(
      `Archive refusée : son manifeste nomme ${unknown.length > 1 ? 'des tables' : 'une table'} que les migrations du site ne créent pas (${unknown.map(shown).join(', ')}). ` +
        'Rien n’a été restauré ni modifié.',
    );
  const outside = Object.keys(manifest.files).filter(
    (file) =>
      !file.startsWith(MANIFEST_FOLDER) ||
      file.includes('\\') ||
      file.includes('\0') ||
      file.split('/').some((part) => part === '' || part === '.' || part === '..'),
  );
  if (outside.length > 0)
    throw new RestoreRefused(
      `Archive refusée : son manifeste nomme des fichiers hors du stockage (${outside.slice(0, 3).map(shown).join(', ')}). ` +
        'Rien n’a été restauré ni modifié.',
    );
}

/** Every file of the manifest is in the archive with its sha256, and nothing else is. */
async function checkArchiveFiles(work: string, manifest: BackupManifest): Promise<void> {
  const stored = await filesBelow(path.join(work, 'storage'), path.join(work, 'storage'));
  const listed = Object.keys(manifest.files).sort();
  if (stored.join('\n') !== listed.join('\n'))
    throw new RestoreRefused('Archive incomplète : ses fichiers ne sont pas ceux que liste son manifeste.');
  for (const file of listed)
    if ((await sha256Of(path.join(work, 'storage', file))) !== manifest.files[file])
      throw new RestoreRefused(`Archive abîmée : le contenu de ${file} ne correspond pas à son empreinte.`);
  for (const [table, count] of Object.entries(manifest.rows)) {
    const lines = (await readFile(path.join(work, 'db', `${table}.jsonl`), 'utf8'))
      .split('\n')
      .filter(Boolean);
    if (lines.length !== count)
      throw new RestoreRefused(
        `Archive abîmée : la table ${table} n’a pas les ${countOf(count, 'ligne')} de son manifeste.`,
      );
  }
}

/** Inserts every table's rows in one transaction, foreign keys checked at its end (SQLite) or after (MySQL). */
async function loadRows(knex: Knex, work: string, manifest: BackupManifest): Promise<Record<string, number>> {
  const loaded: Record<string, number> = {};
  const mysql = engineOf(knex) === 'mysql';
  await knex.transaction(async (trx) => {
    // Tables are filled in name order: the foreign keys are checked once every row is in.
    if (mysql) await trx.raw('SET FOREIGN_KEY_CHECKS = 0');
    else await trx.raw('PRAGMA defer_foreign_keys = ON');
    try {
      for (const table of Object.keys(manifest.rows).sort())
        loaded[table] = await loadTable(trx, table, path.join(work, 'db'));
    } finally {
      if (mysql) await trx.raw('SET FOREIGN_KEY_CHECKS = 1');
    }
  });
  return loaded;
}

export async function restoreBackup(options: {
  config: Config;
  archive: string;
  force: boolean;
}): Promise<RestoreReport> {
  const { config, force } = options;
  const layout = storageFor(config);
  // Unpacked under STORAGE_DIR/tmp: a restore writes only into the configured database and
  // storage folder (and, on the local driver, each file is then moved into place by a rename).
  await mkdir(layout.tmpDir, { recursive: true });
  const work = await mkdtemp(path.join(layout.tmpDir, 'restauration-'));
  const knex = createDb(config.database);
  try {
    try {
      await extractTar({
        file: options.archive,
        cwd: work,
        strict: true,
        // Files and folders only: a link in a crafted archive would lead the reads below
        // (manifest, rows, files) out of the work folder.
        filter: (_path, entry) => 'type' in entry && (entry.type === 'File' || entry.type === 'Directory'),
      });
    } catch (error) {
      throw new RestoreRefused(`Archive illisible : ${(error as Error).message}`);
    }
    const manifest = await readManifest(work);
    await checkManifestNames(manifest);
    await checkArchiveFiles(work, manifest);

    // The targets: empty, or replaced when asked to.
    const storedFiles = await layout.files.list('');
    const storedRows = (await dataTables(knex)).length > 0 ? await rowsIn(knex) : 0;
    if ((storedRows > 0 || storedFiles.length > 0) && !force)
      throw new RestoreRefused(
        `La cible n’est pas vide (${countOf(storedRows, 'ligne')} en base, ${countOf(storedFiles.length, 'fichier stocké', 'fichiers stockés')}) : ` +
          'relancez avec --force pour la remplacer.',
      );
    if ((await dataTables(knex)).length > 0) await rollbackAll(knex);
    // Tables a rollback does not know (a newer version's) would stay: the target must be this version's.
    if ((await dataTables(knex)).length > 0)
      throw new RestoreRefused(
        'La base cible contient des tables inconnues de cette version : videz-la d’abord.',
      );
    await layout.files.removeAll('');

    try {
      await migrateUpTo(knex, manifest.migration);
    } catch {
      throw new RestoreRefused(
        `Cette archive vient d’une version plus récente du site (migration ${manifest.migration}) : mettez le site à jour d’abord.`,
      );
    }
    const rows = await loadRows(knex, work, manifest);
    const migrated = await migrateLatest(knex);

    ensureStorageFolders(layout);
    // From the checked copy in the work folder into the store (moved on the local driver,
    // uploaded to the bucket), a batch at a time, then read back and checked again.
    const names = Object.keys(manifest.files);
    for (let i = 0; i < names.length; i += RESTORE_BATCH)
      await layout.files.putAll(
        names.slice(i, i + RESTORE_BATCH).map((file) => ({
          key: file.slice(MANIFEST_FOLDER.length),
          fromFile: path.join(work, 'storage', file),
        })),
      );
    for (const file of names) {
      const opened = await layout.files.open(file.slice(MANIFEST_FOLDER.length));
      if (!opened || (await sha256OfStream(opened.body)) !== manifest.files[file])
        throw new Error(`Fichier mal restauré : ${file}`);
    }
    return { manifest, rows, files: Object.keys(manifest.files).length, migrated };
  } finally {
    await closeDb(knex);
    await rm(work, { recursive: true, force: true });
  }
}
