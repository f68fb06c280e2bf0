import { AppError } from '#server/errors';

/**
 * Bounds how many pages render at once (loaders, React, compression). Cached pages never
 * wait here: they are answered before Express. Without a bound, a flood of never-seen URLs
 * makes every render slower at once, the pages of real visitors included; with it, renders
 * run a few at a time and the others wait their turn, and past the queue the flood gets a
 * 503 at once (docs/decisions/0011-page-cache-keys-and-cache-misses.md).
 */
export interface RenderSlots {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export class RendersBusyError extends AppError {
  override name = 'RendersBusyError';
  constructor() {
    super(503, 'Service momentanément surchargé. Réessayez dans quelques instants.', undefined, {
      'Retry-After': '5',
    });
  }
}

export function renderSlots(concurrency: number, maxWaiting: number): RenderSlots {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  return {
    async run(work) {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new RendersBusyError();
        // The slot is handed over by release(), so `running` stays counted.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else running += 1;
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}
