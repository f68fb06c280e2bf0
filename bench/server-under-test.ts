import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The production server as the bench measures it: its own temp storage and SQLite file
 * (or BENCH_DATABASE_URL), rate limits raised explicitly (rulings), pinned to CPU 0 when
 * `taskset` exists so the load generator can have the other core.
 */
export interface ServerUnderTest {
  baseUrl: string;
  stop(): Promise<void>;
}

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
}

export async function startServerUnderTest(options: { large: boolean; pin: boolean }): Promise<ServerUnderTest> {
  const dir = mkdtempSync(path.join(tmpdir(), 'edifier-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    STORAGE_DIR: path.join(dir, 'storage'),
    DATABASE_URL: process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(dir, 'storage', 'database.sqlite')}`,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    ADMIN_EMAIL: 'admin@bench.test',
    ADMIN_PASSWORD: 'bench-password-42',
    LOG_LEVEL: 'warn',
    SUBMISSION_RATE_LIMIT: '100000000',
    LOGIN_MAX_ATTEMPTS: '100000000',
  };
  if (options.large) {
    const seed = run(process.execPath, ['--import', 'tsx', 'server/seed/seed-cli.ts', '--large'], env);
    seed.stdout?.resume();
    const code = await new Promise<number | null>((resolve) => seed.on('exit', resolve));
    if (code !== 0) throw new Error(`le seed --large a échoué (code ${code})`);
  }
  const args = ['--import', 'tsx', 'server/index.ts'];
  const child = options.pin ? run('taskset', ['-c', '0', process.execPath, ...args], env) : run(process.execPath, args, env);
  child.stdout?.resume();
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`le serveur s'est arrêté (code ${child.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/api/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('le serveur ne répond pas après 120 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      const exited = new Promise((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
