import { availableParallelism } from 'node:os';

/**
 * How many images are encoded at once: one per core keeps libvips busy without letting
 * the seed's memory grow with the number of pictures.
 */
export const IMAGE_CONCURRENCY = Math.max(2, availableParallelism());

/** Like Promise.all over `items`, with at most `limit` calls of `fn` running at a time. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
