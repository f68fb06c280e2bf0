import { createRequire } from 'node:module';
import os from 'node:os';
import { getHeapStatistics } from 'node:v8';
import { formatFileSize } from '#shared/format';
import { ADMIN_IMAGE_MAX_BYTES } from '#shared/constants';
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_TOTAL_MAX_BYTES } from '#shared/schemas/submission';
import type { Config } from '#server/config';

/**
 * The environment block of the system diagnostic (product rules, Entities).
 * The product rules' keys are kept so the screen reads them unchanged; their values are the
 * product rules' stand-ins for PHP/Laravel ("Runtime stand-ins"): the Node.js version in
 * `php_version` (also alone in `node_version`), the V8 heap limit as `memory_limit`, our
 * upload limits (the same constants the upload endpoints enforce) as `max_upload_size`. Nothing here is secret: no path, no credential.
 */
export interface EnvironmentReport {
  php_version: string;
  node_version: string;
  server_software: string;
  os: string;
  app_environment: string;
  app_url: string;
  /** STORAGE_DRIVER. */
  filesystem_disk: 'local' | 's3';
  max_upload_size: string;
  memory_limit: string;
}

function expressMajor(): string {
  const { version } = createRequire(import.meta.url)('express/package.json') as { version: string };
  return version.split('.')[0] ?? version;
}

/** The public URL without any user or password an operator may have written into it. */
function publicUrl(appUrl: string): string {
  try {
    const url = new URL(appUrl);
    url.username = '';
    url.password = '';
    return url.toString().replace(/\/+$/, '');
  } catch {
    return '';
  }
}

export function environmentReport(config: Config): EnvironmentReport {
  return {
    php_version: `Version de Node.js: ${process.version}`,
    node_version: process.version,
    server_software: `Node.js / Express ${expressMajor()}`,
    os: `${os.platform()} ${os.release()}`,
    app_environment: config.env,
    app_url: publicUrl(config.appUrl),
    filesystem_disk: config.storage.driver,
    max_upload_size:
      `${formatFileSize(ADMIN_IMAGE_MAX_BYTES)} (images), ` +
      `${formatFileSize(ATTACHMENT_MAX_BYTES)} par fichier / ${formatFileSize(ATTACHMENTS_TOTAL_MAX_BYTES)} (soumissions)`,
    memory_limit: formatFileSize(getHeapStatistics().heap_size_limit),
  };
}
