import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * bcrypt off the event loop (docs/decisions/0010-password-hashing-off-the-event-loop.md):
 * a small pool of worker threads, started on first use, each running bcryptjs. A login
 * flood then costs at most the pool's threads, never the thread that answers every other
 * request; and the hashes stay those bcryptjs always wrote. Work waits in a bounded queue:
 * past it, the caller gets `PasswordHasherBusyError` at once (a 503) instead of a wait that
 * grows with the flood.
 */
export class PasswordHasherBusyError extends Error {
  override name = 'PasswordHasherBusyError';
}

type Job = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };
interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}
interface PooledWorker {
  worker: Worker;
  busy: number;
}

/** One thread less than the cores (at least one): the event loop keeps a core to itself. */
const POOL_SIZE = Math.max(1, Math.min(4, availableParallelism() - 1));
/** Jobs waiting per thread before new ones are refused: at ~250 ms each, a few seconds of wait. */
const QUEUE_PER_WORKER = 16;
const WORKER_URL = new URL('./bcrypt-worker.mjs', import.meta.url);

let nextId = 1;
const pending = new Map<number, Pending>();
let pool: PooledWorker[] = [];

function start(): PooledWorker {
  // Plain JavaScript needs no loader: without tsx's hooks the thread starts faster.
  const worker = new Worker(WORKER_URL, { execArgv: [] });
  const pooled: PooledWorker = { worker, busy: 0 };
  worker.on('message', ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
    pooled.busy -= 1;
    // Idle threads must not keep a finished process (a CLI, a test) alive; busy ones must.
    if (pooled.busy === 0) worker.unref();
    const job = pending.get(id);
    pending.delete(id);
    if (!job) return;
    if (error === undefined) job.resolve(result);
    else job.reject(new Error(error));
  });
  worker.on('error', (error) => {
    // A crashed thread fails what it held; the next call starts a new one.
    pool = pool.filter((p) => p !== pooled);
    for (const [id, job] of pending) {
      pending.delete(id);
      job.reject(error);
    }
  });
  // After the listeners: adding a 'message' listener references the thread again.
  worker.unref();
  return pooled;
}

function run<T>(job: Job): Promise<T> {
  while (pool.length < POOL_SIZE) pool.push(start());
  const target = pool.reduce((least, p) => (p.busy < least.busy ? p : least));
  if (target.busy >= QUEUE_PER_WORKER)
    return Promise.reject(new PasswordHasherBusyError('password queue full'));
  const id = nextId++;
  if (target.busy === 0) target.worker.ref();
  target.busy += 1;
  return new Promise<T>((resolve, reject) => {
    pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
    target.worker.postMessage({ id, ...job });
  });
}

export function hashInWorker(password: string, cost: number): Promise<string> {
  return run<string>({ op: 'hash', password, cost });
}

export function compareInWorker(password: string, hash: string): Promise<boolean> {
  return run<boolean>({ op: 'compare', password, hash });
}

/** The threads running now (for tests and diagnostics). */
export function hasherThreadIds(): number[] {
  return pool.map((p) => p.worker.threadId);
}

/** Stops the threads (shutdown); the next call starts new ones. */
export async function stopPasswordHasher(): Promise<void> {
  const stopping = pool;
  pool = [];
  await Promise.all(stopping.map((p) => p.worker.terminate()));
}
