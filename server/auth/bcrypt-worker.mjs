// Runs bcrypt for server/auth/password-hasher.ts in a worker thread, so that hashing and
// checking a password (about 250 ms of CPU at cost 12) never holds the event loop.
// Plain JavaScript on purpose: a worker started from TypeScript would need tsx's loader
// in every thread.
import { parentPort } from 'node:worker_threads';
import bcrypt from 'bcryptjs';

parentPort.on('message', ({ id, op, password, hash, cost }) => {
  const work = op === 'hash' ? bcrypt.hash(password, cost) : bcrypt.compare(password, hash);
  work.then(
    (result) => parentPort.postMessage({ id, result }),
    (error) => parentPort.postMessage({ id, error: String(error?.message ?? error) }),
  );
});
