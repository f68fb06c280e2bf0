import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'edifier-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function failure(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env, tempDir());
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
}

describe('loadConfig', () => {
  it('starts with zero setup: port 3000, SQLite under ./storage, a generated development secret', () => {
    const cwd = tempDir();
    const config = loadConfig({}, cwd);
    expect(config.port).toBe(3000);
    expect(config.env).toBe('development');
    expect(config.database).toEqual({
      client: 'sqlite',
      connection: path.join(cwd, 'storage', 'database.sqlite'),
      acquireTimeoutMs: 5_000,
      queryTimeoutMs: 15_000,
    });
    expect(config.storageDir).toBe(path.join(cwd, 'storage'));
    expect(config.shutdownGraceMs).toBe(30_000);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(cwd, 'storage', '.jwt-secret'), 'utf8')).toBe(config.jwtSecret);
  });

  it('keeps the development secret across restarts', () => {
    const cwd = tempDir();
    expect(loadConfig({}, cwd).jwtSecret).toBe(loadConfig({}, cwd).jwtSecret);
  });

  it('names the variable when a value is bad', () => {
    expect(failure({ PORT: 'trois-mille' })).toContain('PORT');
    expect(failure({ PORT: '70000' })).toContain('PORT');
    expect(failure({ DATABASE_URL: 'postgres://localhost/db' })).toContain('DATABASE_URL');
    expect(failure({ SITE_EMAIL: 'pas-un-email' })).toContain('SITE_EMAIL');
    expect(failure({ SITE_WHATSAPP: '+229 01 97' })).toContain('SITE_WHATSAPP');
    expect(failure({ NODE_ENV: 'staging' })).toContain('NODE_ENV');
    expect(failure({ SHUTDOWN_GRACE_SECONDS: '0' })).toContain('SHUTDOWN_GRACE_SECONDS');
    expect(failure({ DB_ACQUIRE_TIMEOUT_MS: 'vite' })).toContain('DB_ACQUIRE_TIMEOUT_MS');
  });

  it('reads the shutdown grace and the database waits', () => {
    const config = loadConfig(
      { SHUTDOWN_GRACE_SECONDS: '5', DB_ACQUIRE_TIMEOUT_MS: '1500', DB_QUERY_TIMEOUT_MS: '4000' },
      tempDir(),
    );
    expect(config.shutdownGraceMs).toBe(5_000);
    expect(config.database).toMatchObject({ acquireTimeoutMs: 1_500, queryTimeoutMs: 4_000 });
  });

  it('keeps trashed items 30 days unless TRASH_RETENTION_DAYS says otherwise, at least one', () => {
    expect(loadConfig({}, tempDir()).trashRetentionDays).toBe(30);
    expect(loadConfig({ TRASH_RETENTION_DAYS: '7' }, tempDir()).trashRetentionDays).toBe(7);
    expect(failure({ TRASH_RETENTION_DAYS: '0' })).toContain('TRASH_RETENTION_DAYS');
    expect(failure({ TRASH_RETENTION_DAYS: 'un mois' })).toContain('TRASH_RETENTION_DAYS');
  });

  it('requires a JWT_SECRET of 32 characters or more in production', () => {
    expect(failure({ NODE_ENV: 'production' })).toContain('JWT_SECRET');
    expect(failure({ NODE_ENV: 'production', JWT_SECRET: 'court' })).toContain('JWT_SECRET');
    const config = loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) }, tempDir());
    expect(config.isProduction).toBe(true);
    expect(config.jwtSecret).toBe('x'.repeat(32));
  });

  it('reads a MySQL URL and treats empty values as unset', () => {
    const config = loadConfig({ DATABASE_URL: 'mysql://app:secret@db:3306/site', PORT: '' }, tempDir());
    expect(config.database).toMatchObject({ client: 'mysql', connection: 'mysql://app:secret@db:3306/site' });
    expect(config.port).toBe(3000);
  });

  it('builds the site settings from the environment', () => {
    const config = loadConfig(
      {
        SITE_PHONES: '+229 01 00 00 00 01, +229 01 00 00 00 02',
        SITE_OPENING_HOURS: 'Lundi : 8h - 12h|Dimanche : Fermé',
        SITE_WHATSAPP: '22901000001',
        APP_URL: 'https://www.example.bj/',
      },
      tempDir(),
    );
    expect(config.site.phones).toEqual(['+229 01 00 00 00 01', '+229 01 00 00 00 02']);
    expect(config.site.openingHours).toEqual(['Lundi : 8h - 12h', 'Dimanche : Fermé']);
    expect(config.site.foundedYear).toBe(2011);
    expect(config.site.whatsappChannels.construction).toMatch(/^https:\/\/wa\.me\/22901000001\?text=/);
    expect(config.appUrl).toBe('https://www.example.bj');
  });

  it('is frozen', () => {
    const config = loadConfig({}, tempDir());
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('reads the mail settings, with the site name and e-mail as sender and recipients by default', () => {
    expect(loadConfig({}, tempDir()).mail).toEqual({
      smtpUrl: null,
      from: { name: 'EDIFIER BTP & Immobilier', address: 'contact@edifier-btp.bj' },
      staff: ['contact@edifier-btp.bj'],
    });
    const config = loadConfig(
      {
        SMTP_URL: 'smtps://site:secret@mail.edifier.bj:465',
        MAIL_FROM: 'EDIFIER <ne-pas-repondre@edifier.bj>',
        STAFF_EMAILS: ' bureau@edifier.bj , chantier@edifier.bj ',
        SITE_EMAIL: 'info@edifier.bj',
      },
      tempDir(),
    );
    expect(config.mail).toEqual({
      smtpUrl: 'smtps://site:secret@mail.edifier.bj:465',
      from: { name: 'EDIFIER', address: 'ne-pas-repondre@edifier.bj' },
      staff: ['bureau@edifier.bj', 'chantier@edifier.bj'],
    });
    expect(loadConfig({ MAIL_FROM: 'envoi@edifier.bj' }, tempDir()).mail.from).toEqual({
      name: '',
      address: 'envoi@edifier.bj',
    });
    expect(loadConfig({ SITE_EMAIL: 'info@edifier.bj' }, tempDir()).mail.staff).toEqual(['info@edifier.bj']);
  });

  it('keeps one process in memory without REDIS_URL, and reads it with its key prefix', () => {
    expect(loadConfig({}, tempDir()).redis).toEqual({ url: null, keyPrefix: 'edifier:' });
    const shared = loadConfig(
      { REDIS_URL: 'redis://:secret@cache.internal:6380/2', REDIS_KEY_PREFIX: 'recette:' },
      tempDir(),
    );
    expect(shared.redis).toEqual({ url: 'redis://:secret@cache.internal:6380/2', keyPrefix: 'recette:' });
    expect(failure({ REDIS_URL: 'http://cache.internal:6379' })).toContain('REDIS_URL');
    expect(failure({ REDIS_KEY_PREFIX: 'avec espace' })).toContain('REDIS_KEY_PREFIX');
  });

  it('keeps files in the storage folder by default, and reads an S3 bucket with STORAGE_DRIVER=s3', () => {
    expect(loadConfig({}, tempDir()).storage).toEqual({ driver: 'local' });
    const bucket = loadConfig(
      {
        STORAGE_DRIVER: 's3',
        S3_ENDPOINT: 'http://minio:9000',
        S3_BUCKET: 'edifier',
        S3_ACCESS_KEY_ID: 'cle',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      },
      tempDir(),
    );
    expect(bucket.storage).toEqual({
      driver: 's3',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      bucket: 'edifier',
      credentials: { accessKeyId: 'cle', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // AWS itself, keys from the SDK's own sources (environment, instance role).
    expect(
      loadConfig({ STORAGE_DRIVER: 's3', S3_BUCKET: 'edifier', S3_REGION: 'eu-west-3' }, tempDir()).storage,
    ).toMatchObject({ endpoint: null, region: 'eu-west-3', credentials: null, forcePathStyle: false });
    expect(failure({ STORAGE_DRIVER: 's3' })).toContain('S3_BUCKET : obligatoire avec STORAGE_DRIVER=s3');
    expect(failure({ STORAGE_DRIVER: 's3', S3_BUCKET: 'edifier', S3_ACCESS_KEY_ID: 'cle' })).toContain(
      'S3_SECRET_ACCESS_KEY : obligatoire',
    );
    expect(failure({ STORAGE_DRIVER: 'ftp' })).toContain('STORAGE_DRIVER');
    expect(failure({ STORAGE_DRIVER: 's3', S3_BUCKET: 'Mon Bucket' })).toContain('S3_BUCKET');
    // The settings of a driver not chosen are not read.
    expect(loadConfig({ S3_BUCKET: 'edifier' }, tempDir()).storage).toEqual({ driver: 'local' });
  });

  it('stops on a bad SMTP_URL, MAIL_FROM or STAFF_EMAILS, naming the variable', () => {
    expect(failure({ SMTP_URL: 'http://mail.edifier.bj' })).toMatch(/SMTP_URL : doit être "smtp:\/\//);
    expect(failure({ SMTP_URL: 'pas une adresse' })).toMatch(/SMTP_URL/);
    expect(failure({ MAIL_FROM: 'EDIFIER <pas-un-email>' })).toMatch(
      /MAIL_FROM : doit être une adresse e-mail/,
    );
    expect(failure({ STAFF_EMAILS: 'bureau@edifier.bj, chantier' })).toMatch(
      /STAFF_EMAILS : doit être une liste d’adresses e-mail/,
    );
  });
});
