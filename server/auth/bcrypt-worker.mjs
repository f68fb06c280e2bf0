// Runs bcrypt for server/auth/password-hasher.ts in a worker thread, so that hashing and
// checking a password (about 250 ms of CPU at cost 12) never holds the event loop.
// Plain JavaScript on purpose: a worker started from TypeScript would need tsx's loader
// in every thread.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

// The lowest scheduling priority, for this thread only
// (docs/decisions/0010-password-hashing-off-the-event-loop.md): when every core is busy, the
// event loop answering pages wins the CPU over a flood of sign-ins, which then wait or are
// refused instead of slowing the site. On Linux a thread's own id given to setpriority names
// that thread alone; /proc/thread-self gives it. Elsewhere the thread keeps its priority.
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId)) setPriority(threadId, 19);
} catch {
  // No /proc (macOS, Windows) or a refusal: hashing still runs off the event loop.
}

parentPort.on('message', ({ id, op, password, hash, cost }) => {
  const work = op === 'hash' ? bcrypt.hash(password, cost) : bcrypt.compare(password, hash);
  work.then(
    (result) => parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: String(error?.message ?? error) }),
  );
});
