import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariants } from '#shared/image-variants';
import { verifyPassword } from '#server/auth/passwords';
import { loadConfig, type Config } from '#server/config';
import { decodeJson, toDbDate } from '#server/db/dialect';
import { ensureAdmin } from '#server/seed/seed-admin';
import { seedDatabase, SEEDED_TABLES, type SeedReport } from '#server/seed/seed-database';
import { LARGE_VOLUME } from '#server/seed/large/seed-large';
import { storageLayout, type StorageLayout } from '#server/storage/layout';
import { testEngines, type TestDb } from '../helpers/test-db';

/**
 * The demo seed on every engine: content the pages rely on (spec samples, statuses,
 * promotions), files on disk for every image and attachment, idempotence, the first
 * administrator, and the --large volume.
 */

const COUNTED_TABLES = [
  ...SEEDED_TABLES,
  'users',
  'project_images',
  'submission_attachments',
  'contact_messages',
  'activity_log',
] as const;

/** A storage folder nested one level down, so its `public/storage` link stays in the temp folder. */
function seedConfig(env: Record<string, string> = {}): { config: Config; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'edifier-seed-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-1234567890',
    STORAGE_DIR: path.join(dir, 'storage'),
    LOG_LEVEL: 'silent',
    ...env,
  });
  return { config, dir };
}

function capture() {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    output: { stdout: (t: string) => void stdout.push(t), stderr: (t: string) => void stderr.push(t) },
  };
}

async function counts(db: TestDb): Promise<Record<string, number>> {
  const entries = await Promise.all(
    COUNTED_TABLES.map(async (table) => {
      const row = await db.knex(table).count({ n: '*' }).first();
      return [table, Number(row?.n)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** Every stored image path of every image column, gallery entries included. */
async function imagePaths(db: TestDb): Promise<string[]> {
  const products = await db.knex('products').select('image', 'gallery');
  const single = await Promise.all(
    [
      ['parcels', 'image'],
      ['fleet_properties', 'image'],
      ['miscellaneous_goods', 'image'],
      ['promotions', 'image'],
      ['projects', 'main_image'],
      ['project_images', 'image'],
    ].map(([table, column]) => db.knex(table!).pluck(column!)),
  );
  // Optional there: only the testimonials given with a photo.
  const testimonialPhotos: string[] = await db.knex('testimonials').whereNotNull('photo').pluck('photo');
  return [
    ...products.map((p: { image: string }) => p.image),
    ...products.flatMap((p: { gallery: unknown }) => decodeJson<string[]>(p.gallery, [])),
    ...single.flat(),
    ...testimonialPhotos,
  ];
}

function filesUnder(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

describe.each(testEngines())('seedDatabase on $name', (engine) => {
  let db: TestDb;
  let dir: string;
  let config: Config;
  let layout: StorageLayout;
  let report: SeedReport;
  const printed = capture();

  beforeAll(async () => {
    db = await engine.open({ migrate: true });
    ({ config, dir } = seedConfig());
    layout = storageLayout(config.storageDir);
    report = await seedDatabase(db.knex, config, { output: printed.output });
  });

  afterAll(async () => {
    await db?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('creates the first administrator and prints its generated password once, framed, with the reset command', async () => {
    expect(report.admin).toEqual({ status: 'created', email: 'admin@edifier-btp.bj', password: 'generated' });
    expect(printed.stdout).toHaveLength(1);
    const message = printed.stdout[0]!;
    expect(message).toContain('admin@edifier-btp.bj');
    expect(message).toContain('npm run -s admin -- --email <e-mail> --password <mot de passe>');
    const password = /Mot de passe : (\S+)/.exec(message)?.[1] ?? '';
    expect(password).toHaveLength(16);

    const users = await db.knex('users').select('name', 'email', 'role', 'password_hash');
    expect(users).toHaveLength(1);
    expect(users[0]).toMatchObject({ name: 'Administrateur', email: 'admin@edifier-btp.bj', role: 'admin' });
    expect(await verifyPassword(password, users[0].password_hash)).toBe(true);
  });

  it('fills the catalogue: at least 12 products, each with a PRD reference and a real category', async () => {
    const products = await db
      .knex('products')
      .join('categories', 'categories.id', 'products.category_id')
      .select(
        'products.reference',
        'products.price',
        'products.stock',
        'products.old_price',
        'categories.name as category',
      );
    expect(products.length).toBeGreaterThanOrEqual(12);
    for (const product of products) {
      expect(product.reference).toMatch(/^PRD-\d{4}$/);
      expect(Number.isInteger(Number(product.price))).toBe(true);
    }
    expect(new Set(products.map((p) => p.reference)).size).toBe(products.length);
    // Materials and furniture, some out of stock, some on sale.
    const categories = new Set(products.map((p) => p.category));
    expect(categories).toContain('Gros œuvre');
    expect(categories).toContain('Mobilier de chambre');
    expect(products.some((p) => Number(p.stock) === 0)).toBe(true);
    expect(products.some((p) => p.old_price !== null)).toBe(true);
    const categoryRows = await db.knex('categories').select('description');
    expect(categoryRows.every((c) => c.description.length >= 10)).toBe(true);
  });

  it('holds the three sample projects as ids 1 to 3, the most recent, with renders and site photos', async () => {
    const samples = await db.knex('projects').whereIn('id', [1, 2, 3]).orderBy('id');
    expect(samples.map((p) => decodeJson<string[]>(p.categories, []))).toEqual([
      ['Résidentiel'],
      ['Clôture'],
      ['Commercial'],
    ]);
    for (const project of samples) {
      expect(project.main_image).toMatch(/^projects\//);
      const kinds = await db.knex('project_images').where('project_id', project.id).pluck('kind');
      expect(kinds.filter((k) => k === 'render').length).toBeGreaterThanOrEqual(2);
      expect(kinds.filter((k) => k === 'project').length).toBeGreaterThanOrEqual(2);
    }
    const newest = await db.knex('projects').orderBy('created_at', 'desc').limit(3).pluck('id');
    expect([...newest].sort()).toEqual([1, 2, 3]);
  });

  it('offers parcels in each of the five statuses', async () => {
    const statuses = await db.knex('parcels').distinct('status').pluck('status');
    expect([...statuses].sort()).toEqual(['Disponible', 'En cours', 'Réservé', 'Vendu', 'À venir'].sort());
  });

  it('has at least five promotions, exactly one of them ended', async () => {
    const today = toDbDate(new Date());
    const promotions = await db.knex('promotions').select('start_date', 'end_date');
    expect(promotions.length).toBeGreaterThanOrEqual(5);
    expect(promotions.filter((p) => p.end_date < today)).toHaveLength(1);
    expect(promotions.every((p) => p.start_date <= p.end_date)).toBe(true);
  });

  it('publishes three testimonials of clients in Cotonou and abroad, some with a photo, and keeps one unpublished', async () => {
    const rows = await db.knex('testimonials').select('town', 'text', 'photo', 'published');
    const published = rows.filter((row) => Number(row.published) === 1);
    expect(published).toHaveLength(3);
    expect(rows.length - published.length).toBe(1);
    expect(published.some((row) => row.town === 'Cotonou')).toBe(true);
    expect(published.some((row) => /diaspora/.test(row.town))).toBe(true);
    expect(published.filter((row) => row.photo !== null).length).toBeGreaterThan(0);
    for (const row of rows) expect(row.text.length).toBeGreaterThanOrEqual(20);
  });

  it('stores submission attachments privately, with their original names and sizes', async () => {
    const statuses = await db.knex('project_submissions').distinct('status').pluck('status');
    expect([...statuses].sort()).toEqual(['approved', 'contacted', 'new', 'quoted', 'rejected']);
    const attachments = await db.knex('submission_attachments').select();
    expect(attachments.length).toBeGreaterThan(0);
    expect(attachments.map((a) => a.original_name)).toContain('Plan façade.pdf');
    for (const attachment of attachments) {
      const file = path.join(layout.submissionsDir, String(attachment.submission_id), attachment.stored_name);
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).size).toBe(Number(attachment.size));
      const head = readFileSync(file).subarray(0, 4);
      if (attachment.mime_type === 'application/pdf') expect(head.toString('latin1')).toBe('%PDF');
      else expect([...head.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      expect(attachment.stored_name).not.toBe(attachment.original_name);
    }
    // Private: nothing of them under the public folder.
    expect(readdirSync(layout.publicDir, { recursive: true }).some((p) => String(p).endsWith('.pdf'))).toBe(
      false,
    );
  });

  it('has every image file and its four WebP variants on disk, one set per row', async () => {
    const paths = await imagePaths(db);
    expect(paths.length).toBeGreaterThan(40);
    expect(new Set(paths).size).toBe(paths.length);
    for (const relPath of paths) {
      expect(existsSync(path.join(layout.publicDir, relPath)), relPath).toBe(true);
      for (const variant of imageVariants(relPath)) {
        expect(existsSync(path.join(layout.publicDir, variant.path)), variant.path).toBe(true);
      }
    }
    const sample = imageVariants(paths[0]!)[1]!;
    const meta = await sharp(path.join(layout.publicDir, sample.path)).metadata();
    expect([meta.format, meta.width]).toEqual(['webp', sample.width]);
  });

  it('changes nothing on a second run and creates no second administrator', async () => {
    const before = await counts(db);
    const filesBefore = filesUnder(layout.root);
    const again = capture();
    const second = await seedDatabase(db.knex, config, { output: again.output });
    expect(second.admin).toEqual({ status: 'existing' });
    expect(Object.values(second.inserted).every((n) => n === 0)).toBe(true);
    expect(await counts(db)).toEqual(before);
    expect(filesUnder(layout.root)).toBe(filesBefore);
    expect(again.stdout).toEqual([]);
  });

  // Runs after the checks above on the same database: the volume comes on top of the demo.
  it('adds the --large volume once, every row owning its image files', async () => {
    const before = await counts(db);
    const large = await seedDatabase(db.knex, config, { large: true });
    const after = await counts(db);
    for (const [table, added] of Object.entries(LARGE_VOLUME)) {
      expect(after[table], table).toBe(before[table]! + added);
    }
    expect(large.inserted.products).toBe(LARGE_VOLUME.products);

    const paths = await imagePaths(db);
    expect(new Set(paths).size).toBe(paths.length);
    for (const relPath of paths)
      expect(existsSync(path.join(layout.publicDir, imageVariants(relPath)[3]!.path))).toBe(true);

    const again = await seedDatabase(db.knex, config, { large: true });
    expect(Object.values(again.inserted).every((n) => n === 0)).toBe(true);
    expect(Object.values(again.largeOnly).every((n) => n === 0)).toBe(true);
    expect(await counts(db)).toEqual(after);
  });

  // After the --large run above: --scale 2 makes the volume twice the large one by adding
  // the difference, and a second run adds nothing.
  it('brings the volume to twice the large one with --scale 2, once', async () => {
    const before = await counts(db);
    await seedDatabase(db.knex, config, { large: true, scale: 2 });
    const after = await counts(db);
    for (const [table, volume] of Object.entries(LARGE_VOLUME)) {
      expect(after[table]! - before[table]!, table).toBe(volume);
    }
    // The messages and the activity log hold the large rows only: twice the volume.
    expect(after.contact_messages).toBe(2 * LARGE_VOLUME.contact_messages);
    expect(after.activity_log).toBe(2 * LARGE_VOLUME.activity_log);
    const references = await db.knex('contact_messages').pluck('reference');
    expect(new Set(references).size).toBe(references.length);
    expect(references.every((r: string) => /^MSG-\d{4}-\d{5}$/.test(r))).toBe(true);

    const again = await seedDatabase(db.knex, config, { large: true, scale: 2 });
    expect(Object.values(again.inserted).every((n) => n === 0)).toBe(true);
    expect(Object.values(again.largeOnly).every((n) => n === 0)).toBe(true);
    expect(await counts(db)).toEqual(after);
  });
});

describe.each(testEngines())('first administrator on $name', (engine) => {
  let db: TestDb;
  const dirs: string[] = [];

  beforeAll(async () => {
    db = await engine.open({ migrate: true });
  });

  afterAll(async () => {
    await db?.cleanup();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('in production without credentials, creates nobody and tells the operator what to do', async () => {
    const { config, dir } = seedConfig({ NODE_ENV: 'production' });
    dirs.push(dir);
    const printed = capture();
    expect(await ensureAdmin(db.knex, config, printed.output)).toEqual({ status: 'missing' });
    expect(Number((await db.knex('users').count({ n: '*' }).first())?.n)).toBe(0);
    expect(printed.stdout).toEqual([]);
    expect(printed.stderr.join('')).toMatch(/ADMIN_EMAIL.*ADMIN_PASSWORD/s);
    expect(printed.stderr.join('')).toContain('npm run -s admin');
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when set, printing no password', async () => {
    const { config, dir } = seedConfig({
      ADMIN_EMAIL: 'Direction@Edifier-BTP.bj',
      ADMIN_PASSWORD: 'Lagune-2011-Cotonou',
    });
    dirs.push(dir);
    const printed = capture();
    expect(await ensureAdmin(db.knex, config, printed.output)).toEqual({
      status: 'created',
      email: 'direction@edifier-btp.bj',
      password: 'from-config',
    });
    expect(printed.stdout).toEqual([]);
    const user = await db.knex('users').first();
    expect(user.email).toBe('direction@edifier-btp.bj');
    expect(await verifyPassword('Lagune-2011-Cotonou', user.password_hash)).toBe(true);
  });
});
