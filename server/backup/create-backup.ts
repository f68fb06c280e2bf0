import { copyFile, link, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import Database from 'better-sqlite3';
import type { Knex } from 'knex';
import { create as createTar } from 'tar';
import { businessWallClock } from '#shared/calendar';
import type { Config } from '#server/config';
import { closeDb, createDb } from '#server/db/knex';
import { storageFor } from '#server/storage/storage-for';
import type { FileStore } from '#server/storage/file-store';
import { MANIFEST_FOLDER, sha256Of, type BackupManifest } from './manifest';
import { dataTables, writeTables } from './table-rows';

/**
 * `npm run backup`: one timestamped `.tar.gz` holding a consistent snapshot of the
 * database, every stored file (public images and their variants, private attachments, site
 * photos) and
 * a manifest (docs/decisions/0017-backups.md). It runs while the site serves: SQLite is
 * copied through its online backup API first, MySQL is read inside one transaction with a
 * consistent snapshot.
 */
export const ARCHIVE_PREFIX = 'edifier-sauvegarde-';

/**
 * An archive holds what the database holds (accounts and their password hashes, clients'
 * names and contacts, the outbox's mails) and every private attachment and site photo:
 * readable by its owner only, like the database file, in a folder only its owner may list
 * when the command creates it (README, Backups).
 */
const ARCHIVE_MODE = 0o600;
const FOLDER_MODE = 0o700;

export interface BackupOptions {
  config: Config;
  appVersion: string;
  outDir: string;
  /** Archives to keep in outDir, this one included; older ones are removed. 0 keeps all. */
  keep: number;
  now?: Date;
}

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  removed: string[];
}

const PRIVATE_SUBMISSION_FILE = /^app\/private\/submissions\/(\d+)\//;
/** A variant of a site update's photo (docs/product-rules.md, "Site updates"). */
const SITE_PHOTO_FILE = /^app\/private\/sites\/\d+\/([a-z0-9]{16})-\d+\.webp$/;

/** One column of every row of a dumped table. */
async function columnValues(jsonl: string, column: string): Promise<Set<unknown>> {
  const values = new Set<unknown>();
  let text: string;
  try {
    text = await readFile(jsonl, 'utf8');
  } catch {
    return values;
  }
  for (const line of text.split('\n'))
    if (line) values.add((JSON.parse(line) as Record<string, unknown>)[column]);
  return values;
}

async function submissionIds(jsonl: string): Promise<Set<number>> {
  return new Set([...(await columnValues(jsonl, 'id'))].map(Number));
}

/**
 * A stored file copied into the archive's folder: a hard link on the local driver (a copy
 * across disks), a download from the bucket; false when the file went away since it was
 * listed.
 */
async function stage(files: FileStore, key: string, staged: string): Promise<boolean> {
  await mkdir(path.dirname(staged), { recursive: true });
  const source = files.localPath(key);
  if (!source) {
    const opened = await files.open(key);
    if (!opened) return false;
    await pipeline(opened.body, createWriteStream(staged));
    return true;
  }
  try {
    await link(source, staged);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return false;
    if (code !== 'EXDEV' && code !== 'EPERM') throw error;
    try {
      await copyFile(source, staged);
    } catch (copyError) {
      if ((copyError as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw copyError;
    }
  }
  return true;
}

/**
 * `YYYYMMDD-HHMMSS` in Cotonou's time, the time the site shows (docs/decisions/0017-backups.md):
 * the operator finds the night's archive by the hour on their clock. Cotonou has no summer
 * time, so names sort as the instants do.
 */
function stamp(at: Date): string {
  const part = businessWallClock(at);
  return `${part.year}${part.month}${part.day}-${part.hour}${part.minute}${part.second}`;
}

async function lastMigration(knex: Knex): Promise<string> {
  const row: { name: string } | undefined = await knex('knex_migrations').orderBy('id', 'desc').first('name');
  if (!row) throw new Error('La base de données n’a jamais été migrée : rien à sauvegarder.');
  return row.name;
}

/** The rows, read from one consistent state of the database. */
async function dumpDatabase(config: Config, dir: string, work: string) {
  if (config.database.client === 'sqlite') {
    // SQLite's online backup: a consistent copy, page by page, while the site keeps writing.
    const copy = path.join(work, 'instantané.sqlite');
    const source = new Database(config.database.connection, { readonly: true, fileMustExist: true });
    try {
      await source.backup(copy);
    } finally {
      source.close();
    }
    const knex = createDb({ ...config.database, connection: copy });
    try {
      const tables = await dataTables(knex);
      return { migration: await lastMigration(knex), rows: await writeTables(knex, tables, dir) };
    } finally {
      await closeDb(knex);
    }
  }
  const knex = createDb(config.database);
  try {
    // REPEATABLE READ: every read of the transaction sees the snapshot of its first one.
    return await knex.transaction(
      async (trx) => {
        await trx.raw('SELECT 1');
        const tables = await dataTables(trx as unknown as Knex);
        return {
          migration: await lastMigration(trx as unknown as Knex),
          rows: await writeTables(trx, tables, dir),
        };
      },
      { isolationLevel: 'repeatable read' },
    );
  } finally {
    await closeDb(knex);
  }
}

async function prune(outDir: string, keep: number): Promise<string[]> {
  if (keep <= 0) return [];
  const archives = (await readdir(outDir))
    .filter((name) => name.startsWith(ARCHIVE_PREFIX) && name.endsWith('.tar.gz'))
    .sort()
    .reverse();
  const removed = archives.slice(keep);
  for (const name of removed) await rm(path.join(outDir, name), { force: true });
  return removed;
}

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const { config } = options;
  const now = options.now ?? new Date();
  const outDir = path.resolve(options.outDir);
  // Only the folders created here get the mode: an existing folder is the operator's choice.
  await mkdir(outDir, { recursive: true, mode: FOLDER_MODE });
  // Staged in storage/tmp, on the storage's own disk: files are hard-linked there, not copied.
  const layout = storageFor(config);
  await mkdir(layout.tmpDir, { recursive: true });
  const work = await mkdtemp(path.join(layout.tmpDir, 'sauvegarde-'));
  try {
    const dbDir = path.join(work, 'db');
    await mkdir(dbDir);
    const { migration, rows } = await dumpDatabase(config, dbDir, work);

    // Each file is linked (or downloaded) into the staging folder as it is hashed: the archive then holds
    // exactly what the manifest lists, even if the site deletes or replaces a file
    // meanwhile. A submission stored after the snapshot has files but no row in the
    // archive: its private folder stays out, so a restore never brings back orphans.
    const saved = await submissionIds(path.join(dbDir, 'project_submissions.jsonl'));
    // The same for site photos: only those of the photo rows in the snapshot (nor the
    // leftovers of an interrupted upload).
    const photos = await columnValues(path.join(dbDir, 'site_update_photos.jsonl'), 'name');
    const files: Record<string, string> = {};
    for (const { key } of await layout.files.list('')) {
      const file = `${MANIFEST_FOLDER}${key}`;
      const submission = PRIVATE_SUBMISSION_FILE.exec(file);
      if (submission && !saved.has(Number(submission[1]))) continue;
      if (file.startsWith('app/private/sites/') && !photos.has(SITE_PHOTO_FILE.exec(file)?.[1])) continue;
      const staged = path.join(work, 'storage', file);
      if (!(await stage(layout.files, key, staged))) continue;
      files[file] = await sha256Of(staged);
    }

    const manifest: BackupManifest = {
      format: 1,
      createdAt: now.toISOString(),
      appVersion: options.appVersion,
      engine: config.database.client,
      migration,
      rows,
      files,
    };
    await writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const file = path.join(outDir, `${ARCHIVE_PREFIX}${stamp(now)}.tar.gz`);
    // Created with its mode, never widened later: an archive of the same second is replaced
    // by a new file (its old mode would otherwise stay).
    await rm(file, { force: true });
    await createTar({ gzip: true, cwd: work, file, portable: true, mode: ARCHIVE_MODE }, [
      'manifest.json',
      'db',
      ...(Object.keys(files).length > 0 ? ['storage'] : []),
    ]);
    const removed = await prune(outDir, options.keep);
    return { file, manifest, removed };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
