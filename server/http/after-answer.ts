import type { ServerResponse } from 'node:http';

/**
 * Work a route does once its answer has left, so that the answer's time tells nothing of
 * what the work found (docs/product-rules.md, "Tracking link": a matching reference and
 * e-mail are answered as fast as a wrong pair). The work starts when the response has
 * finished (or its connection closed), and its failure is handed to `failed`, never to
 * the client, who has their answer already.
 *
 * The graceful shutdown waits for it (server/http/graceful-shutdown.ts): the drainer's
 * listener marks each response with a tracker under AFTER_ANSWER, and the process closes
 * the database only once the work started after the answers has settled. A response the
 * drainer did not see (an app bound by a test without it) runs the work all the same.
 */
export const AFTER_ANSWER = Symbol('work after the answer');

export type AfterAnswerTracker = (work: Promise<void>) => void;

type Tracked = ServerResponse & { [AFTER_ANSWER]?: AfterAnswerTracker };

export function afterAnswer(
  res: ServerResponse,
  work: () => Promise<unknown>,
  failed: (error: unknown) => void,
): void {
  const done = new Promise<void>((resolve) => {
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      // A turn later: the answer's last bytes are written before the work takes the thread.
      setImmediate(() => {
        Promise.resolve()
          .then(work)
          .catch((error: unknown) => {
            try {
              failed(error);
            } catch {
              // A logger that throws has nowhere left to report to.
            }
          })
          .finally(resolve);
      });
    };
    if (res.writableFinished || res.destroyed) start();
    else {
      res.once('finish', start);
      res.once('close', start);
    }
  });
  (res as Tracked)[AFTER_ANSWER]?.(done);
}
