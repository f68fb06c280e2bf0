import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../tests/helpers/server-process';
import { SERVER_LAUNCHER } from './load-runner';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BenchChild {
  url: string;
  stop: () => Promise<void>;
}

/**
 * One of the bench's own small servers (bench/replay-server.ts, bench/uncached-server.ts):
 * started on a free port, pinned beside the app's server (SERVER_LAUNCHER), given the
 * port as its last argument, and awaited until it prints 'ready'. `name` says which one
 * stopped, in French, when it dies before being ready.
 */
export async function startBenchChild(
  script: string,
  args: string[],
  name: string,
  env?: NodeJS.ProcessEnv,
): Promise<BenchChild> {
  const port = await freePort();
  const [command, ...prefix] = [...SERVER_LAUNCHER, process.execPath];
  const child = spawn(
    command!,
    [...prefix, '--import', 'tsx', path.join(root, 'bench', script), ...args, String(port)],
    {
      cwd: root,
      ...(env ? { env } : {}),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (text: string) => text.includes('ready') && resolve());
    child.on('exit', (code) => reject(new Error(`${name} arrêté (code ${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
