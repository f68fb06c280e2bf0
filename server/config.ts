import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { SiteSettings } from '#shared/site-settings';
import { siteSettingsSchema } from './site-settings-schema';

/**
 * The whole environment, parsed once at start-up. A bad value stops the process with a
 * message that names the variable (see formatConfigError). Everything else in the server
 * receives this frozen object instead of reading process.env.
 */

const intFrom = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);

const boolFrom = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: intFrom(3000).pipe(z.number().max(65535)),
  HOST: z.string().min(1).default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .default('sqlite:./storage/database.sqlite')
    .refine((v) => /^sqlite:.+/.test(v) || /^mysql:\/\/.+/.test(v), {
      message: 'doit être "sqlite:<chemin>" ou "mysql://user:pass@host:port/db"',
    }),
  STORAGE_DIR: z.string().min(1).default('./storage'),
  // Where uploaded files are kept (docs/decisions/0024-object-storage.md): the storage
  // folder, or an S3-compatible bucket that several instances share.
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'un nom de bucket : 3 à 63 minuscules, chiffres, « . » ou « - »',
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolFrom(false),
  // Bounded waits on the database (docs/decisions/0012-shutdown-order-and-honest-faults.md):
  // a request gives up with 503 instead of queueing behind a dead or exhausted pool.
  DB_ACQUIRE_TIMEOUT_MS: intFrom(5_000, 100),
  DB_QUERY_TIMEOUT_MS: intFrom(15_000, 100),
  // How long a SIGTERM waits for requests in flight (slow uploads) before forcing the exit.
  SHUTDOWN_GRACE_SECONDS: intFrom(30, 1),
  // Days the activity log keeps a row (docs/decisions/0036-activity-log.md).
  ACTIVITY_RETENTION_DAYS: intFrom(365, 1),
  // Days a deleted item stays in the trash (docs/product-rules.md, "Trash").
  TRASH_RETENTION_DAYS: intFrom(30, 1),
  // Audience counting (docs/decisions/0043-audience-counting.md): on or off, how often the
  // counts reach the database, and how many months the daily breakdowns are kept.
  STATS_ENABLED: boolFrom(true),
  STATS_FLUSH_SECONDS: intFrom(60, 1),
  STATS_RETENTION_MONTHS: intFrom(25, 1),
  // Hours an unfinished resumable upload is kept (docs/decisions/0045-resumable-uploads.md).
  UPLOAD_EXPIRY_HOURS: intFrom(24, 1),
  JWT_SECRET: z.string().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).max(72).optional(),
  // Whether the first start of an empty database adds the demo content (docs/product-rules.md,
  // "Demo content"); unset: on outside production, off in production.
  DEMO_CONTENT: z
    .enum(['on', 'off'], {
      error: 'doit valoir "on" (ajouter le contenu de démonstration au premier démarrage) ou "off"',
    })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: boolFrom(false),
  // Rate limits (product rules, Security): safe production defaults, raised explicitly by tests
  // and benchmarks.
  LOGIN_MAX_ATTEMPTS: intFrom(5, 1),
  LOGIN_LOCKOUT_MINUTES: intFrom(10, 1),
  LOGIN_CLIENT_MAX_ATTEMPTS: intFrom(20, 1),
  LOGIN_CLIENT_WINDOW_MINUTES: intFrom(15, 1),
  SUBMISSION_RATE_LIMIT: intFrom(5, 1),
  SUBMISSION_RATE_WINDOW_MINUTES: intFrom(60, 1),
  CONTACT_RATE_LIMIT: intFrom(5, 1),
  CONTACT_RATE_WINDOW_MINUTES: intFrom(60, 1),
  // Private tracking links (docs/product-rules.md, "Tracking link"): wrong links tried, and
  // links asked again, per client and window.
  TRACKING_GUESS_LIMIT: intFrom(20, 1),
  TRACKING_GUESS_WINDOW_MINUTES: intFrom(15, 1),
  TRACKING_RESEND_LIMIT: intFrom(5, 1),
  TRACKING_RESEND_WINDOW_MINUTES: intFrom(60, 1),
  // Links mailed per request and per recipient address, whatever the client addresses:
  // one inbox cannot be flooded from many connections.
  TRACKING_RESEND_PER_REQUEST_HOURLY: intFrom(3, 1),
  TRACKING_RESEND_PER_REQUEST_DAILY: intFrom(10, 1),
  // Staff accounts (docs/product-rules.md, "Staff accounts"): how long an invitation and a
  // password reset link work, and the forgotten-password form and link tries per client.
  INVITATION_VALID_HOURS: intFrom(72, 1),
  PASSWORD_RESET_VALID_MINUTES: intFrom(30, 1),
  PASSWORD_FORGOT_LIMIT: intFrom(5, 1),
  PASSWORD_FORGOT_WINDOW_MINUTES: intFrom(60, 1),
  ACCOUNT_LINK_ATTEMPT_LIMIT: intFrom(10, 1),
  ACCOUNT_LINK_ATTEMPT_WINDOW_MINUTES: intFrom(15, 1),
  // Public HTML cache (decision 0008): on by default in production only.
  HTML_CACHE: z.enum(['on', 'off']).optional(),
  HTML_CACHE_ENTRIES: intFrom(500, 1),
  HTML_CACHE_MAX_MB: intFrom(64, 1),
  HTML_CACHE_TTL_SECONDS: intFrom(300, 1),
  // Pages one client may have rendered per minute (cached pages do not count).
  RENDER_RATE_LIMIT: intFrom(30, 1),
  // Shared state for several instances (docs/decisions/0022-shared-state-in-redis.md):
  // unset, rate limits and the page cache's emptying stay inside the one process.
  REDIS_URL: z
    .string()
    .refine((v) => /^rediss?:\/\/.+/.test(v), { message: 'doit être "redis://hôte:6379" ou "rediss://…"' })
    .optional(),
  // Put before every key and channel name, so several sites (or test runs) share one Redis.
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_.-]{1,64}$/, 'lettres, chiffres, « : », « _ », « . » ou « - » (64 au plus)')
    .default('edifier:'),
  // A bearer token for GET /metrics; unset, the endpoint does not exist.
  METRICS_TOKEN: z.string().min(16, 'au moins 16 caractères').optional(),
  // Site settings (product rules, Identity and content): one place, demo defaults.
  SITE_NAME: z.string().min(1).default('EDIFIER BTP & Immobilier'),
  SITE_PHONES: z.string().default('+229 01 97 12 34 56,+229 01 66 45 78 90,+229 01 95 30 21 10'),
  SITE_EMAIL: z.email().default('contact@edifier-btp.bj'),
  SITE_WHATSAPP: z
    .string()
    .regex(/^\d{8,15}$/, 'doit contenir uniquement des chiffres, indicatif compris (ex. 2290197123456)')
    .default('2290197123456'),
  SITE_ADDRESS: z.string().min(1).default('Dégakon, Cotonou, Bénin'),
  // The company's own pages; a network left unset has no link (never its home page).
  SITE_FACEBOOK_URL: z.url().optional(),
  SITE_INSTAGRAM_URL: z.url().optional(),
  SITE_LINKEDIN_URL: z.url().optional(),
  SITE_YOUTUBE_URL: z.url().optional(),
  // Identifiers printed on the legal notices; unset, they read 'communiqué sur demande' and
  // the system diagnostic warns (docs/product-rules.md, "Identity and content").
  SITE_RCCM: z.string().trim().min(1).max(100).optional(),
  SITE_IFU: z.string().trim().min(1).max(100).optional(),
  SITE_PUBLICATION_DIRECTOR: z.string().trim().min(1).max(150).optional(),
  SITE_HOST_NAME: z.string().trim().min(1).max(150).optional(),
  SITE_HOST_ADDRESS: z.string().trim().min(1).max(300).optional(),
  SITE_OPENING_HOURS: z.string().default('Lundi - Vendredi : 8h - 18h|Samedi : 9h - 16h|Dimanche : Fermé'),
  // The same hours for search engines (schema.org openingHours syntax), lines split by |.
  SITE_OPENING_HOURS_SCHEMA: z.string().default('Mo-Fr 08:00-18:00|Sa 09:00-16:00'),
  SITE_MAP_EMBED_URL: z
    .url()
    .default('https://www.google.com/maps?q=D%C3%A9gakon%2C%20Cotonou%2C%20B%C3%A9nin&output=embed'),
  SITE_FOUNDED_YEAR: intFrom(2011, 1900).pipe(z.number().max(2100)),
  WHATSAPP_CHANNEL_FURNISHED_RENTALS: z.url().optional(),
  WHATSAPP_CHANNEL_CONSTRUCTION: z.url().optional(),
  WHATSAPP_CHANNEL_ARCHITECTURE: z.url().optional(),
  WHATSAPP_CHANNEL_SUPPLIES: z.url().optional(),
  WHATSAPP_CHANNEL_RENTALS: z.url().optional(),
  // Outgoing mail (docs/decisions/0018-outbox-and-mail.md). Unset: mails wait in the outbox.
  SMTP_URL: z
    .string()
    .refine(isSmtpUrl, { message: 'doit être "smtp://user:pass@hôte:587" ou "smtps://user:pass@hôte:465"' })
    .optional(),
  MAIL_FROM: z
    .string()
    .refine((v) => parseMailbox(v) !== null, {
      message: 'doit être une adresse e-mail, ou "Nom <adresse@exemple.bj>"',
    })
    .optional(),
  STAFF_EMAILS: z
    .string()
    .refine((v) => splitList(v).length > 0 && splitList(v).every((a) => z.email().safeParse(a).success), {
      message: 'doit être une liste d’adresses e-mail séparées par des virgules',
    })
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A sender as 'adresse@exemple.bj' or 'Nom <adresse@exemple.bj>'; null when it is neither. */
export function parseMailbox(value: string): { name: string; address: string } | null {
  const named = /^\s*"?([^"<>]*?)"?\s*<([^<>\s]+)>\s*$/.exec(value);
  const name = named ? (named[1] ?? '').trim() : '';
  const address = named ? (named[2] ?? '') : value.trim();
  return z.email().safeParse(address).success ? { name, address } : null;
}

export interface DatabaseConfig {
  client: 'sqlite' | 'mysql';
  /** Absolute file path for SQLite, the URL for MySQL. */
  connection: string;
  /** Longest wait for a pooled connection (server/db/knex.ts has the default). */
  acquireTimeoutMs?: number;
  /** Longest wait for one query's answer, MySQL only (SQLite runs in-process). */
  queryTimeoutMs?: number;
}

export interface S3StorageConfig {
  driver: 's3';
  /** Null: AWS itself, found from the region. */
  endpoint: string | null;
  region: string;
  bucket: string;
  /** Null: the SDK's usual sources (environment, instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** `bucket` in the path rather than the host name (MinIO, most self-hosted servers). */
  forcePathStyle: boolean;
}

export type StorageConfig = { driver: 'local' } | S3StorageConfig;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  database: DatabaseConfig;
  storageDir: string;
  /**
   * Where stored files live (server/storage/file-store.ts). `local`: under storageDir;
   * `s3`: in a bucket. The secret key is never logged nor shown (the diagnostic shows the
   * endpoint and the bucket).
   */
  storage: StorageConfig;
  /** What SIGTERM grants requests in flight before the process exits anyway (code 1). */
  shutdownGraceMs: number;
  /** Rows of the activity log older than this many days are purged by the running server. */
  activityRetentionDays: number;
  /** Days an item stays in the trash before the running server purges it. */
  trashRetentionDays: number;
  /**
   * First-party audience counting (server/features/audience): `enabled` false counts
   * nothing; counts reach the database every `flushMs`; rows of `stats_counts` older than
   * `retentionMonths` are purged (`stats_days` is kept).
   */
  stats: { enabled: boolean; flushMs: number; retentionMonths: number };
  /** Hours an unfinished resumable upload (/api/uploads) is kept before its bytes are swept. */
  uploadExpiryHours: number;
  jwtSecret: string;
  admin: { email?: string; password?: string };
  /**
   * Whether the first start of an empty database adds the demo content. Read once per
   * database: the decision is then kept in it (server/seed/initial-content.ts).
   */
  demoContent: boolean;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  limits: {
    loginMaxAttempts: number;
    loginLockoutMinutes: number;
    /** Failed sign-ins per client address and window, whatever the e-mails tried. */
    loginClientMax: number;
    loginClientWindowMinutes: number;
    submissionMax: number;
    submissionWindowMinutes: number;
    /** Contact messages per client and window (docs/product-rules.md, "Contact form"). */
    contactMax: number;
    contactWindowMinutes: number;
    /** Unknown tracking links (page and photos) one client may try per window (a working link never counts). */
    trackingGuessMax: number;
    trackingGuessWindowMinutes: number;
    /** Tracking links one client may ask to be e-mailed again per window. */
    trackingResendMax: number;
    trackingResendWindowMinutes: number;
    /**
     * Links mailed again per request and per recipient address, in an hour and in a day,
     * whoever asks (docs/product-rules.md, "Tracking link").
     */
    trackingResendPerRequestHourly: number;
    trackingResendPerRequestDaily: number;
    /** Public pages rendered for one client per minute; cache hits are free. */
    rendersPerMinute: number;
    /** 'Mot de passe oublié' requests one client may send per window, whatever the address. */
    passwordForgotMax: number;
    passwordForgotWindowMinutes: number;
    /** Failed uses of an invitation or reset link (unknown, used, expired) per client and window. */
    accountLinkAttemptMax: number;
    accountLinkAttemptWindowMinutes: number;
  };
  /** One-use links of staff accounts (docs/product-rules.md, "Staff accounts"). */
  accounts: { invitationValidHours: number; resetValidMinutes: number };
  /** In-memory cache of rendered public documents (server/ssr/html-cache.ts). */
  htmlCache: { enabled: boolean; maxEntries: number; maxBytes: number; ttlSeconds: number };
  /** Bearer token of GET /metrics (Prometheus); null: no metrics at all. */
  metricsToken: string | null;
  /**
   * Redis shared by every instance (server/shared-state/); `url` null: one process, all in
   * memory. The URL may hold a password: never logged, never shown (the diagnostic shows
   * its host and port only).
   */
  redis: { url: string | null; keyPrefix: string };
  /** Public: safe to embed in pages and send to the browser. */
  site: SiteSettings;
  /**
   * Outgoing mail (server/features/outbox/). `smtpUrl` holds a password: never logged,
   * never sent to a browser (the diagnostic shows its host and port only).
   */
  mail: {
    /** Null: mails are kept in the outbox, unsent, until SMTP_URL is set. */
    smtpUrl: string | null;
    from: { name: string; address: string };
    /** Who receives the back office's notifications (new submissions, contact messages). */
    staff: string[];
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `  - ${issue.path.join('.') || '(racine)'} : ${issue.message}`)
    .join('\n');
}

/** Keeps a development secret across restarts, so tokens survive `npm run dev` reloads. */
function developmentSecret(storageDir: string): string {
  const file = path.join(storageDir, '.jwt-secret');
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 32) return saved;
  }
  mkdirSync(storageDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function storageFrom(env: Env): StorageConfig {
  if (env.STORAGE_DRIVER === 'local') return { driver: 'local' };
  const missing: string[] = [];
  if (!env.S3_BUCKET) missing.push('S3_BUCKET');
  // One key without the other is a typing slip, not a wish for the SDK's own sources.
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) missing.push('S3_SECRET_ACCESS_KEY');
  if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID) missing.push('S3_ACCESS_KEY_ID');
  if (missing.length > 0)
    throw new ConfigError(
      `Configuration invalide :\n${missing.map((name) => `  - ${name} : obligatoire avec STORAGE_DRIVER=s3`).join('\n')}`,
    );
  return {
    driver: 's3',
    endpoint: env.S3_ENDPOINT ?? null,
    region: env.S3_REGION,
    bucket: env.S3_BUCKET!,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : null,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

function databaseFrom(
  url: string,
  cwd: string,
  waits: Pick<DatabaseConfig, 'acquireTimeoutMs' | 'queryTimeoutMs'>,
): DatabaseConfig {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    return { client: 'sqlite', connection: file === ':memory:' ? file : path.resolve(cwd, file), ...waits };
  }
  return { client: 'mysql', connection: url, ...waits };
}

function channelLink(whatsapp: string, label: string): string {
  return `https://wa.me/${whatsapp}?text=${encodeURIComponent(`Bonjour, je souhaite rejoindre votre chaîne « ${label} ».`)}`;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // Empty strings in .env files mean "not set", as most operators expect.
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(`Configuration invalide :\n${formatIssues(parsed.error)}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const storageDir = path.resolve(cwd, env.STORAGE_DIR);

  let jwtSecret = env.JWT_SECRET;
  if (jwtSecret !== undefined && jwtSecret.length < 32) {
    throw new ConfigError('Configuration invalide :\n  - JWT_SECRET : doit contenir au moins 32 caractères');
  }
  if (!jwtSecret) {
    if (isProduction) {
      throw new ConfigError(
        'Configuration invalide :\n  - JWT_SECRET : obligatoire en production (au moins 32 caractères)',
      );
    }
    jwtSecret = developmentSecret(storageDir);
  }

  const phones = env.SITE_PHONES.split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const site = siteSettingsSchema.safeParse({
    name: env.SITE_NAME,
    phones,
    email: env.SITE_EMAIL,
    whatsapp: env.SITE_WHATSAPP,
    address: env.SITE_ADDRESS,
    social: {
      facebook: env.SITE_FACEBOOK_URL ?? null,
      instagram: env.SITE_INSTAGRAM_URL ?? null,
      linkedin: env.SITE_LINKEDIN_URL ?? null,
      youtube: env.SITE_YOUTUBE_URL ?? null,
    },
    legal: {
      rccm: env.SITE_RCCM ?? null,
      ifu: env.SITE_IFU ?? null,
      publicationDirector: env.SITE_PUBLICATION_DIRECTOR ?? null,
      hostName: env.SITE_HOST_NAME ?? null,
      hostAddress: env.SITE_HOST_ADDRESS ?? null,
    },
    openingHours: env.SITE_OPENING_HOURS.split('|')
      .map((l) => l.trim())
      .filter(Boolean),
    openingHoursSchema: env.SITE_OPENING_HOURS_SCHEMA.split('|')
      .map((l) => l.trim())
      .filter(Boolean),
    mapEmbedUrl: env.SITE_MAP_EMBED_URL,
    foundedYear: env.SITE_FOUNDED_YEAR,
    whatsappChannels: {
      furnishedRentals:
        env.WHATSAPP_CHANNEL_FURNISHED_RENTALS ??
        channelLink(env.SITE_WHATSAPP, 'Appartements meublés à louer'),
      construction: env.WHATSAPP_CHANNEL_CONSTRUCTION ?? channelLink(env.SITE_WHATSAPP, 'Construction'),
      architecture:
        env.WHATSAPP_CHANNEL_ARCHITECTURE ?? channelLink(env.SITE_WHATSAPP, 'Architecture et design'),
      supplies: env.WHATSAPP_CHANNEL_SUPPLIES ?? channelLink(env.SITE_WHATSAPP, 'Fournitures de chantier'),
      rentals: env.WHATSAPP_CHANNEL_RENTALS ?? channelLink(env.SITE_WHATSAPP, 'Appartements à louer'),
    },
  });
  if (!site.success) {
    throw new ConfigError(`Configuration invalide (réglages du site) :\n${formatIssues(site.error)}`);
  }

  const config: Config = {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    database: databaseFrom(env.DATABASE_URL, cwd, {
      acquireTimeoutMs: env.DB_ACQUIRE_TIMEOUT_MS,
      queryTimeoutMs: env.DB_QUERY_TIMEOUT_MS,
    }),
    storageDir,
    storage: storageFrom(env),
    shutdownGraceMs: env.SHUTDOWN_GRACE_SECONDS * 1000,
    activityRetentionDays: env.ACTIVITY_RETENTION_DAYS,
    trashRetentionDays: env.TRASH_RETENTION_DAYS,
    stats: {
      enabled: env.STATS_ENABLED,
      flushMs: env.STATS_FLUSH_SECONDS * 1000,
      retentionMonths: env.STATS_RETENTION_MONTHS,
    },
    uploadExpiryHours: env.UPLOAD_EXPIRY_HOURS,
    jwtSecret,
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    demoContent: (env.DEMO_CONTENT ?? (isProduction ? 'off' : 'on')) === 'on',
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    limits: {
      loginMaxAttempts: env.LOGIN_MAX_ATTEMPTS,
      loginLockoutMinutes: env.LOGIN_LOCKOUT_MINUTES,
      loginClientMax: env.LOGIN_CLIENT_MAX_ATTEMPTS,
      loginClientWindowMinutes: env.LOGIN_CLIENT_WINDOW_MINUTES,
      submissionMax: env.SUBMISSION_RATE_LIMIT,
      submissionWindowMinutes: env.SUBMISSION_RATE_WINDOW_MINUTES,
      contactMax: env.CONTACT_RATE_LIMIT,
      contactWindowMinutes: env.CONTACT_RATE_WINDOW_MINUTES,
      trackingGuessMax: env.TRACKING_GUESS_LIMIT,
      trackingGuessWindowMinutes: env.TRACKING_GUESS_WINDOW_MINUTES,
      trackingResendMax: env.TRACKING_RESEND_LIMIT,
      trackingResendWindowMinutes: env.TRACKING_RESEND_WINDOW_MINUTES,
      trackingResendPerRequestHourly: env.TRACKING_RESEND_PER_REQUEST_HOURLY,
      trackingResendPerRequestDaily: env.TRACKING_RESEND_PER_REQUEST_DAILY,
      rendersPerMinute: env.RENDER_RATE_LIMIT,
      passwordForgotMax: env.PASSWORD_FORGOT_LIMIT,
      passwordForgotWindowMinutes: env.PASSWORD_FORGOT_WINDOW_MINUTES,
      accountLinkAttemptMax: env.ACCOUNT_LINK_ATTEMPT_LIMIT,
      accountLinkAttemptWindowMinutes: env.ACCOUNT_LINK_ATTEMPT_WINDOW_MINUTES,
    },
    accounts: {
      invitationValidHours: env.INVITATION_VALID_HOURS,
      resetValidMinutes: env.PASSWORD_RESET_VALID_MINUTES,
    },
    metricsToken: env.METRICS_TOKEN ?? null,
    redis: { url: env.REDIS_URL ?? null, keyPrefix: env.REDIS_KEY_PREFIX },
    htmlCache: {
      enabled: (env.HTML_CACHE ?? (isProduction ? 'on' : 'off')) === 'on',
      maxEntries: env.HTML_CACHE_ENTRIES,
      maxBytes: env.HTML_CACHE_MAX_MB * 1024 * 1024,
      ttlSeconds: env.HTML_CACHE_TTL_SECONDS,
    },
    site: site.data,
    mail: {
      smtpUrl: env.SMTP_URL ?? null,
      from: (env.MAIL_FROM && parseMailbox(env.MAIL_FROM)) || {
        name: site.data.name,
        address: site.data.email,
      },
      staff: env.STAFF_EMAILS ? splitList(env.STAFF_EMAILS) : [site.data.email],
    },
  };
  return Object.freeze(config);
}
