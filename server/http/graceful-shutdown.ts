import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { AFTER_ANSWER, type AfterAnswerTracker } from './after-answer';

/**
 * The HTTP half of a graceful shutdown (docs/decisions/0012-shutdown-order-and-honest-faults.md).
 * Once draining:
 * - the listening socket is closed, so no new connection is accepted;
 * - every answer not yet started carries `Connection: close` and its connection ends with
 *   it, so keep-alive clients stop sending requests to a process that is leaving;
 * - requests in flight (a slow upload) run to their end, within the grace period;
 * - connections that fall idle are closed as soon as they do;
 * - work a route started after its answer (server/http/after-answer.ts: a tracking link
 *   asked again) runs to its end too, within the same grace, before the database closes.
 */
export interface Drainer {
  /** Wraps the app: admits each request, marking it `Connection: close` while draining. */
  listener(app: RequestListener): RequestListener;
  /**
   * Starts draining `server`. Settles with 'drained' once every connection has ended and
   * the work started after answers has settled, or with 'timeout' after `graceMs`, every
   * remaining connection then being destroyed (work still running is left to itself).
   */
  drain(server: Server, graceMs: number): Promise<'drained' | 'timeout'>;
  /** Settles once the work started after answers, so far, has settled. */
  workDone(): Promise<void>;
  readonly draining: boolean;
  /** Requests whose answer has not finished yet. */
  readonly inFlight: number;
}

export function createDrainer(): Drainer {
  let draining = false;
  let server: Server | null = null;
  const open = new Set<ServerResponse>();
  const working = new Set<Promise<void>>();
  const track: AfterAnswerTracker = (work) => {
    working.add(work);
    void work.finally(() => working.delete(work));
  };
  // Work may start more work: wait until none is left.
  const workDone = async (): Promise<void> => {
    while (working.size > 0) await Promise.allSettled([...working]);
  };

  // A connection that has just finished an answer is idle only once node has reset its
  // parser, after the response's own events: check on the next turn.
  const closeIdleSoon = () => setImmediate(() => server?.closeIdleConnections());

  return {
    listener(app) {
      return (req: IncomingMessage, res: ServerResponse) => {
        if (draining) res.shouldKeepAlive = false;
        open.add(res);
        (res as ServerResponse & { [AFTER_ANSWER]?: AfterAnswerTracker })[AFTER_ANSWER] = track;
        res.once('close', () => {
          open.delete(res);
          if (draining) closeIdleSoon();
        });
        app(req, res);
      };
    },

    drain(target, graceMs) {
      draining = true;
      server = target;
      for (const res of open) if (!res.headersSent) res.shouldKeepAlive = false;
      return new Promise((resolve) => {
        const force = setTimeout(() => {
          target.closeAllConnections();
          resolve('timeout');
        }, graceMs);
        target.close(() => {
          void workDone().then(() => {
            clearTimeout(force);
            resolve('drained');
          });
        });
        target.closeIdleConnections();
      });
    },

    workDone,

    get draining() {
      return draining;
    },
    get inFlight() {
      return open.size;
    },
  };
}
