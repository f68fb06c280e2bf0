import type { Knex } from 'knex';
import type { Config } from '#server/config';
import type { Logger } from '#server/logger';
import type { StorageLayout } from '#server/storage/layout';
import { databaseReport, type DatabaseReport } from './database-check';
import { environmentReport, type EnvironmentReport } from './environment-info';
import { publicLinkReport } from './public-link';
import { storageReport, type StorageReport } from './storage-check';

/** Product rules, Entities: exactly these four blocks. */
export interface SystemDiagnostic {
  database: DatabaseReport;
  storage: StorageReport;
  symlinks: {
    public_storage_exists: boolean;
    is_symlink: boolean;
    /** Relative to the link's folder (e.g. `../storage/app/public`), never absolute. */
    symlink_target: string | null;
  };
  environment: EnvironmentReport;
}

export interface DiagnosticDeps {
  config: Config;
  db: Knex;
  layout: StorageLayout;
}

export async function systemDiagnostic(deps: DiagnosticDeps, log: Logger): Promise<SystemDiagnostic> {
  const [database, storage] = await Promise.all([databaseReport(deps.db, log), storageReport(deps.layout)]);
  const link = publicLinkReport(deps.layout);
  return {
    database,
    storage,
    symlinks: { public_storage_exists: link.exists, is_symlink: link.isSymlink, symlink_target: link.target },
    environment: environmentReport(deps.config),
  };
}
