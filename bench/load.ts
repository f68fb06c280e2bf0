import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/**
 * The load generator, in a process of its own so that it can be pinned to its own core
 * (`taskset -c 1`, see load-runner.ts). Options as JSON in argv[2]; `bodyFile` reads the
 * request body from a file. Prints the figures as one JSON line.
 */
interface LoadOptions extends Omit<autocannon.Options, 'body'> {
  bodyFile?: string;
}

const { bodyFile, ...options } = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const result = await autocannon({ ...options, ...(bodyFile ? { body: readFileSync(bodyFile) } : {}) });
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  }),
);
