import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/**
 * The load generator, in a process of its own so that it can be pinned to its own core
 * (`taskset -c 1`, see load-runner.ts). Options as JSON in argv[2]; `bodyFile` reads the
 * request body from a file. Prints the figures as one JSON line.
 */
interface LoadOptions extends Omit<autocannon.Options, 'body'> {
  bodyFile?: string;
  /** A new value in every request: sign-ins with random e-mails, or random catalogue searches. */
  randomize?: 'login' | 'search';
}

const random = () => Math.random().toString(36).slice(2);
const RANDOMIZED: Record<NonNullable<LoadOptions['randomize']>, autocannon.Request[]> = {
  login: [
    {
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({ email: `${random()}@inondation.test`, password: 'mauvais-mot-de-passe' }),
      }),
    },
  ],
  search: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `/products?search=${random()}` }) }],
};

const { bodyFile, randomize, ...options } = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const result = await autocannon({
  ...options,
  ...(bodyFile ? { body: readFileSync(bodyFile) } : {}),
  ...(randomize ? { requests: RANDOMIZED[randomize] } : {}),
});
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  }),
);
