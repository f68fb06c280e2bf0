import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copySeededTemplate, runSeedCli, SEED_ENV_KEYS } from './seeded-template';

/**
 * The real production server in a child process, the way `npm start` runs it, against a
 * database and storage of its own. Browser tests talk to it over HTTP and may open its
 * SQLite file to learn what the seed wrote.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export const TEST_ADMIN_EMAIL = 'admin@example.test';
export const TEST_ADMIN_PASSWORD = 'motdepasse-de-test-e2e';
// 40 characters: above the 32 the server requires in production.
export const TEST_JWT_SECRET = 'e2e-jwt-secret-0123456789abcdefghijklmno';

// The first start seeds demo images; on a loaded 2-core machine that has taken over 60 s.
// E2E_READY_TIMEOUT_MS may raise the wait further (the e2e hook timeout must follow).
export const READY_TIMEOUT_MS = Number(process.env.E2E_READY_TIMEOUT_MS) || 180_000;
const STOP_TIMEOUT_MS = 15_000;

export interface StartServerOptions {
  /** Extra environment, applied over the defaults (e.g. a rate limit raised for a test). */
  env?: Record<string, string>;
  /** Command put before `node`, e.g. ['taskset', '-c', '0'] to pin the bench's server to a core. */
  launcher?: string[];
  /** Seeds the large variant (`seed-cli.ts --large`) into the same database before starting. */
  largeSeed?: boolean;
  /** With largeSeed: the large volume times this (`--scale N`, 1 to 20), for the bench. */
  seedScale?: number;
  /**
   * A folder prepared by tests/helpers/seeded-template.ts (migrated, seeded, images drawn):
   * the server starts from a copy of it instead of seeding, in about 2 s instead of 15 to
   * 30. Its environment must not change what the seed reads (SEED_ENV_KEYS).
   */
  template?: string;
  /** How long to wait for /api/ready (default 60 s); the first start seeds and draws images. */
  readyTimeoutMs?: number;
  /** Runs on the storage folder (the template's copy, or empty) before the server starts, e.g. to leave a leftover. */
  prepareStorage?: (storageDir: string) => void;
}

export interface ServerProcess {
  /** e.g. http://127.0.0.1:41234, without a trailing slash. */
  baseUrl: string;
  storageDir: string;
  databasePath: string;
  /** Everything the server wrote to stdout and stderr so far. */
  readonly output: string;
  /** Settles when the process ends, with its exit code (null when a signal killed it). */
  exitCode: Promise<number | null>;
  /** Sends a signal and returns at once (the test then awaits `exitCode`). */
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, then the exit code; removes the temp dir. Calling it twice is harmless. */
  stop(): Promise<number | null>;
}

export async function startServer(options: StartServerOptions = {}): Promise<ServerProcess> {
  const tempDir = mkdtempSync(path.join(tmpdir(), 'edifier-e2e-'));
  // STORAGE_DIR is a subfolder: the server creates its `public/storage` link beside the
  // storage folder, which must land inside our temp dir too.
  const storageDir = path.join(tempDir, 'storage');
  const databasePath = path.join(tempDir, 'database.sqlite');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const env = {
    ...testServerEnv(databasePath, storageDir),
    PORT: String(port),
    // The address the browser is sent to: a form posted from it must carry APP_URL's
    // origin, or the server refuses it as another site's (product rules, Security).
    APP_URL: baseUrl,
    ...options.env,
  };
  if (options.template) {
    const conflicting = SEED_ENV_KEYS.filter((key) => options.env?.[key] !== undefined);
    if (conflicting.length) {
      rmSync(tempDir, { recursive: true, force: true });
      throw new Error(`startServer: a template cannot serve a server whose ${conflicting.join(', ')} differ`);
    }
    copySeededTemplate(options.template, tempDir);
  } else if (options.largeSeed) await seedLarge(env, tempDir, options.seedScale);
  if (options.prepareStorage) {
    mkdirSync(storageDir, { recursive: true });
    options.prepareStorage(storageDir);
  }

  const [command, ...prefix] = [...(options.launcher ?? []), process.execPath];
  const child = spawn(command!, [...prefix, '--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));

  const exitCode = new Promise<number | null>((resolve) => {
    child.on('exit', (code) => resolve(code));
    child.on('error', (error) => {
      output += `\n[spawn error] ${error.message}`;
      resolve(null);
    });
  });
  let exited = false;
  void exitCode.then(() => (exited = true));

  let stopping: Promise<number | null> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (!exited) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      const code = await exitCode;
      clearTimeout(timer);
      rmSync(tempDir, { recursive: true, force: true });
      return code;
    })();
    return stopping;
  };

  try {
    await waitUntilReady(baseUrl, exitCode, options.readyTimeoutMs);
  } catch (error) {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}\n--- server output ---\n${output || '(nothing)'}`, { cause: error });
  }

  return {
    baseUrl,
    storageDir,
    databasePath,
    get output() {
      return output;
    },
    exitCode,
    kill: (signal) => void child.kill(signal),
    stop,
  };
}

/**
 * The environment of a test server and of the seed that prepares its template: production,
 * its own database and storage, the test administrator, the demo content, and raised
 * per-client limits.
 */
export function testServerEnv(databasePath: string, storageDir: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${databasePath}`,
    STORAGE_DIR: storageDir,
    JWT_SECRET: TEST_JWT_SECRET,
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    // Production adds no demo content by default; the tests read it (a server started
    // without a template seeds it on its first start, as the template has it). A test of
    // the production default passes DEMO_CONTENT: '' (unset).
    DEMO_CONTENT: 'on',
    // One browser from one address loads far more pages a minute than a visitor: the
    // per-client limits are raised here and tested with their defaults in integration.
    RENDER_RATE_LIMIT: '100000',
    LOGIN_CLIENT_MAX_ATTEMPTS: '100000',
  };
}

/** The large seed, in a process of its own, against the server's database and storage. */
async function seedLarge(env: NodeJS.ProcessEnv, tempDir: string, scale?: number): Promise<void> {
  try {
    await runSeedCli(env, ['--large', ...(scale ? ['--scale', String(scale)] : [])]);
  } catch (error) {
    rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }
}

/** A port nobody listens on right now: the kernel picks it for a throwaway listener. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port assigned'));
      });
    });
  });
}

/** Polls /api/ready (database answers) until 200; gives up early if the process dies. */
async function waitUntilReady(
  baseUrl: string,
  exitCode: Promise<number | null>,
  timeoutMs = READY_TIMEOUT_MS,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let died: number | null | undefined;
  void exitCode.then((code) => (died = code));
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (died !== undefined) throw new Error(`The server exited (code ${died}) before it was ready`);
    try {
      const response = await fetch(`${baseUrl}/api/ready`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      lastProblem = `GET /api/ready answered ${response.status}`;
    } catch (error) {
      lastProblem = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server was not ready after ${timeoutMs / 1000} s (${lastProblem})`);
}
