import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type autocannon from 'autocannon';

/** Core pinning with taskset when the machine has it: server on core 0, load on core 1. */
export const CAN_PIN = existsSync('/usr/bin/taskset');
export const SERVER_LAUNCHER = CAN_PIN ? ['taskset', '-c', '0'] : [];
const LOAD_LAUNCHER = CAN_PIN ? ['taskset', '-c', '1'] : [];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LoadResult {
  requestsPerSecond: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

export type LoadOptions = Omit<autocannon.Options, 'body'> & {
  bodyFile?: string;
  randomize?: 'login' | 'search';
  /** The same randomized requests answered by a plain 404: a flood's control. */
  answeredBy404?: boolean;
};

/** Runs bench/load.ts in a child process pinned to core 1 and returns its figures. */
export function runLoad(options: LoadOptions): Promise<LoadResult> {
  const [command, ...prefix] = [...LOAD_LAUNCHER, process.execPath];
  const args = [...prefix, '--import', 'tsx', path.join(root, 'bench', 'load.ts'), JSON.stringify(options)];
  return new Promise((resolve, reject) => {
    execFile(command!, args, { cwd: root, maxBuffer: 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`Générateur de charge en échec : ${error.message}\n${stderr}`));
      const last = stdout.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(last) as LoadResult);
      } catch {
        reject(new Error(`Réponse illisible du générateur de charge : ${stdout}\n${stderr}`));
      }
    });
  });
}
