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
  /**
   * The same randomized requests (method, headers, body, query) sent to a path that answers
   * a plain 404: the control a flood is compared with (bench/flood.ts).
   */
  answeredBy404?: boolean;
}

/** An API path no route answers: Express's plain 404, with no page to render. */
const NOT_FOUND_PATH = '/api/inondation-introuvable';

const random = () => Math.random().toString(36).slice(2);
const loginFlood = (path: string): autocannon.Request[] => [
  {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json' },
    setupRequest: (req) => ({
      ...req,
      body: JSON.stringify({ email: `${random()}@inondation.test`, password: 'mauvais-mot-de-passe' }),
    }),
  },
];

const searchFlood = (path: string): autocannon.Request[] => [
  { method: 'GET', setupRequest: (req) => ({ ...req, path: `${path}?search=${random()}` }) },
];

const randomized = (kind: NonNullable<LoadOptions['randomize']>, answeredBy404: boolean) =>
  kind === 'login'
    ? loginFlood(answeredBy404 ? NOT_FOUND_PATH : '/api/auth/login')
    : searchFlood(answeredBy404 ? NOT_FOUND_PATH : '/products');

const {
  bodyFile,
  randomize,
  answeredBy404 = false,
  ...options
} = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const result = await autocannon({
  ...options,
  ...(bodyFile ? { body: readFileSync(bodyFile) } : {}),
  ...(randomize ? { requests: randomized(randomize, answeredBy404) } : {}),
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
