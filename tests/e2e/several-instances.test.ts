import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissionMessages } from '#shared/schemas/submission';
import { authMessages } from '#shared/schemas/auth';
import { closeDb, createDb } from '#server/db/knex';
import { pdfBytes, VALID_FIELDS } from '../integration/submission-fixtures';
import { paths } from '#shared/paths';
import { apiLogin, signIn, waitForApp } from './admin-helpers';
import { launchBrowser, openPage } from '../helpers/browser';
import { READY_TIMEOUT_MS, startServer, type ServerProcess } from '../helpers/server-process';
import { jpeg } from '../helpers/images';
import { startS3TestServer, type S3TestServer } from '../helpers/s3-test-server';
import { openSmtpInbox, type SmtpInbox } from '../helpers/smtp-inbox';
import { REDIS_TEST_URL, redisAnswers, removeKeys, uniquePrefix } from '../helpers/test-redis';

/**
 * Two instances of the built server behind no proxy, as an operator runs them behind a load
 * balancer (docs/decisions/0022-shared-state-in-redis.md, docs/decisions/0024-object-storage.md):
 * one MariaDB database, one Redis, one S3-protocol server (s3rver, started here) as their
 * storage, and a storage folder of their own each (temp uploads only). What a visitor or an
 * administrator meets on one instance holds on the other: a product written through one
 * shows on the other's cached page, the submission limit counts both, a submission sent to
 * one is downloaded from the other, an image uploaded to one is served by the other, a
 * login lockout follows the address, and a queued mail leaves once although both senders run.
 *
 * Needs MariaDB and Redis: when either does not answer, the suite prints why and skips.
 */

const MYSQL_URL = process.env.MYSQL_TEST_URL || 'mysql://root@127.0.0.1:3306/test';

async function mysqlAnswers(): Promise<boolean> {
  const db = createDb({ client: 'mysql', connection: MYSQL_URL, acquireTimeoutMs: 3_000 });
  try {
    await db.raw('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await closeDb(db);
  }
}

const missing = [
  ...((await mysqlAnswers()) ? [] : [`MariaDB at ${MYSQL_URL} (set MYSQL_TEST_URL)`]),
  ...((await redisAnswers()) ? [] : [`Redis at ${REDIS_TEST_URL} (set REDIS_TEST_URL)`]),
];
if (missing.length > 0) {
  console.log(`[several-instances] SKIPPED: no answer from ${missing.join(' nor ')}.`);
}

const SUBMISSION_LIMIT = 3;

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined || Date.now() >= deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function submissionForm(fileName: string): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(VALID_FIELDS)) form.append(name, value);
  form.append('attachments[]', new Blob([new Uint8Array(pdfBytes())], { type: 'application/pdf' }), fileName);
  return form;
}

function submit(server: ServerProcess, fileName: string): Promise<Response> {
  return fetch(`${server.baseUrl}/api/submit-project`, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: submissionForm(fileName),
  });
}

function login(server: ServerProcess, email: string, password: string): Promise<Response> {
  return fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

/** Every file under a folder, relative paths ([] when it does not exist). */
function filesIn(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

describe.skipIf(missing.length > 0)('two instances on one MariaDB, one Redis and one S3 bucket', () => {
  const databaseName = `edifier_multi_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const keyPrefix = uniquePrefix('instances');
  const root = mkdtempSync(path.join(tmpdir(), 'edifier-instances-'));
  let db: Knex;
  let inbox: SmtpInbox;
  let s3: S3TestServer;
  let one: ServerProcess;
  let other: ServerProcess;
  const accepted: string[] = [];

  beforeAll(async () => {
    const admin = createDb({ client: 'mysql', connection: MYSQL_URL });
    try {
      await admin.raw(`CREATE DATABASE \`${databaseName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    } finally {
      await closeDb(admin);
    }
    const url = new URL(MYSQL_URL);
    url.pathname = `/${databaseName}`;
    db = createDb({ client: 'mysql', connection: url.toString() });
    inbox = await openSmtpInbox();
    s3 = await startS3TestServer();
    const env = {
      ...s3.env,
      DATABASE_URL: url.toString(),
      REDIS_URL: REDIS_TEST_URL,
      REDIS_KEY_PREFIX: keyPrefix,
      SMTP_URL: inbox.url,
      STAFF_EMAILS: 'equipe@example.test',
      HTML_CACHE: 'on',
      SUBMISSION_RATE_LIMIT: String(SUBMISSION_LIMIT),
    };
    // One after the other: the first migrates and seeds, the second finds it done.
    one = await startServer({ env: { ...env, STORAGE_DIR: path.join(root, 'one', 'storage') } });
    other = await startServer({ env: { ...env, STORAGE_DIR: path.join(root, 'other', 'storage') } });
    for (const server of [one, other]) {
      const ready = (await (await fetch(`${server.baseUrl}/api/ready`)).json()) as { redis?: string };
      expect(ready).toEqual({ status: 'ready', redis: 'connected' });
    }
  }, 2 * READY_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all([one?.stop(), other?.stop()]);
    await inbox?.stop();
    await s3?.close();
    await db?.raw(`DROP DATABASE IF EXISTS \`${databaseName}\``);
    await closeDb(db);
    await removeKeys(keyPrefix);
    rmSync(root, { recursive: true, force: true });
  });

  it('shows a product created through one instance on the other’s cached page within a second', async () => {
    // Searched by its unique word: the page repeats the search, not the whole name.
    const word = `multi${randomBytes(3).toString('hex')}`;
    const name = `Parpaing ${word} creux de 15`;
    const page = `${other.baseUrl}/products?search=${word}`;
    const before = await fetch(page);
    expect(await before.text()).not.toContain(name);
    const cached = await fetch(page);
    expect(cached.headers.get('x-html-cache')).toBe('hit');
    expect(await cached.text()).not.toContain(name);

    const token = await apiLogin(one.baseUrl);
    const category = (await db('categories').first('id')) as { id: number };
    const form = new FormData();
    form.append('name', name);
    form.append('price', '750');
    form.append('category_id', String(category.id));
    form.append('description', 'Parpaing creux de 15, vendu à la pièce.');
    form.append('stock', '400');
    const created = await fetch(`${one.baseUrl}/api/products`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      body: form,
    });
    expect(created.status).toBe(201);

    // Asked again and again for a second from the write's answer: the other instance's
    // cache must have been emptied within it.
    const written = Date.now();
    const shown = await until(async () => {
      if (Date.now() - written > 1_000) return false;
      const html = await (await fetch(page)).text();
      return html.includes(name) ? true : undefined;
    }, 5_000);
    expect(shown).toBe(true);
  });

  it('counts the submission limit across both instances, and the other downloads what one received', async () => {
    const [{ n: seeded }] = (await db('project_submissions').count({ n: '*' })) as [{ n: number }];
    const answers: Response[] = [];
    answers.push(await submit(one, 'plan-un.pdf'));
    answers.push(await submit(other, 'plan-deux.pdf'));
    answers.push(await submit(one, 'plan-trois.pdf'));
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      accepted.push(((await answer.json()) as { reference: string }).reference);
    }
    for (const server of [other, one]) {
      const refused = await submit(server, 'plan-de-trop.pdf');
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ message: submissionMessages.tooManySubmissions });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await db('project_submissions').count({ n: '*' })).toEqual([{ n: seeded + SUBMISSION_LIMIT }]);

    // Sent to `other`, downloaded from `one`: the files are in the shared bucket, not on
    // either instance's disk.
    const row = (await db('project_submissions').where({ reference: accepted[1] }).first('id')) as {
      id: number;
    };
    const token = await apiLogin(one.baseUrl);
    const zip = await fetch(`${one.baseUrl}/api/admin/project-submissions/${row.id}/download`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toContain('application/zip');
    const bytes = Buffer.from(await zip.arrayBuffer());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.includes(Buffer.from('plan-deux.pdf'))).toBe(true);
    for (const side of ['one', 'other']) expect(filesIn(path.join(root, side, 'storage', 'app'))).toEqual([]);
  });

  it('serves an image uploaded to one instance from the other, and the demo images seeded by the first', async () => {
    const token = await apiLogin(one.baseUrl);
    const form = new FormData();
    form.append('type', 'projects');
    form.append('image', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'chantier.jpg');
    const uploaded = await fetch(`${one.baseUrl}/api/upload-image`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const fromOne = await fetch(`${one.baseUrl}${url}`);
    const fromOther = await fetch(`${other.baseUrl}${url}`);
    expect(fromOther.status).toBe(200);
    expect(fromOther.headers.get('content-type')).toBe('image/jpeg');
    expect(fromOther.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await fromOther.arrayBuffer())).toEqual(Buffer.from(await fromOne.arrayBuffer()));

    const product = (await db('products').whereNotNull('image').first('image')) as { image: string };
    const seeded = await fetch(`${other.baseUrl}/storage/${product.image}`);
    expect(seeded.status).toBe(200);
    expect(seeded.headers.get('content-type')).toMatch(/^image\/(jpeg|png)$/);
  });

  it('keeps a login lockout made on one instance on the other', async () => {
    const email = 'inconnu.multi@example.test';
    for (let i = 0; i < 5; i += 1) expect((await login(one, email, 'mauvais-mot-de-passe')).status).toBe(401);
    const locked = await login(other, email, 'mauvais-mot-de-passe');
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ message: authMessages.tooManyAttempts });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('sends each queued mail once, although both instances’ senders run', async () => {
    expect(accepted).toHaveLength(SUBMISSION_LIMIT);
    // Two mails per submission: the team's notice and the visitor's receipt.
    const sent = await until(async () => {
      const rows = (await db('outbox').select('status')) as Array<{ status: string }>;
      const done = rows.length === 2 * SUBMISSION_LIMIT && rows.every((mail) => mail.status === 'sent');
      return done && inbox.messages.length >= rows.length ? rows.length : undefined;
    }, 45_000);
    expect(sent).toBe(2 * SUBMISSION_LIMIT);
    // A last round of both senders would show a second copy here.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    for (const reference of accepted) {
      const mails = inbox.messages.filter((mail) => (mail.parsed.subject ?? '').includes(reference));
      expect(mails.map((mail) => mail.envelope.to).sort()).toEqual([
        ['awa.houenou@example.bj'],
        ['equipe@example.test'],
      ]);
    }
    expect(inbox.messages).toHaveLength(2 * SUBMISSION_LIMIT);
  });

  it('shows Redis and the bucket answering in the system diagnostic of either instance', async () => {
    const browser = await launchBrowser();
    try {
      const { page, close } = await openPage(browser);
      try {
        await signIn(page, other.baseUrl);
        await page.goto(`${other.baseUrl}${paths.adminImageDiagnostic}?onglet=systeme`);
        await waitForApp(page);
        const card = page.getByRole('region', { name: 'État partagé (Redis)' });
        await card.waitFor();
        expect(await card.locator('.diag-badge').textContent()).toBe('Non testé');
        await card.getByRole('button', { name: 'Tester Redis' }).click();
        await expect.poll(() => card.locator('.diag-badge').textContent()).toBe('Succès');
        expect(await card.locator('.diag-message').textContent()).toBe(
          'Redis répond : limites de requêtes et vidage du cache partagés entre les instances.',
        );
        expect(await card.locator('.diag-detail').textContent()).toContain(new URL(REDIS_TEST_URL).host);

        await page.getByRole('button', { name: 'Actualiser' }).click();
        const bucket = page.getByRole('region', { name: 'Stockage objet (S3)' });
        await bucket.waitFor();
        expect(await bucket.locator('.diag-badge').textContent()).toBe('OK');
        expect(await bucket.textContent()).toContain(`${s3.endpoint} / ${s3.bucket}`);
      } finally {
        await close();
      }
    } finally {
      await browser.close();
    }
  });
});
