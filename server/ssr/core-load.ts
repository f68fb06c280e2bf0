import { performance } from 'node:perf_hooks';

/**
 * Whether this process's core has been mostly busy lately: the share of the last window of
 * at least WINDOW_MS during which the event loop ran code instead of waiting. Read by a
 * cache miss to choose how hard to compress (server/ssr/html-compression.ts): a miss alone
 * keeps the smaller body, a miss among many spends less of the core the others wait for.
 *
 * Not a count of requests in flight: on SQLite a render never yields to the event loop (its
 * reads answer synchronously), so the next request is parsed only once it has finished, and
 * every render would see itself alone however many wait on the socket.
 */
const WINDOW_MS = 100;
const BUSY = 0.5;

let windowStart = performance.eventLoopUtilization();
let lastWindow = 0;

export function coreBusy(): boolean {
  const current = performance.eventLoopUtilization(windowStart);
  if (current.idle + current.active >= WINDOW_MS) {
    lastWindow = current.utilization;
    windowStart = performance.eventLoopUtilization();
  }
  return lastWindow > BUSY;
}
