import type { DataRouteObject, StaticHandlerContext } from 'react-router-dom';

/**
 * The routes a static render needs: the branch the handler matched, each route with only
 * the next one as its child. createStaticRouter converts the whole table it is given on
 * every render (0.13 ms of a cache miss for the site's fifty routes, docs/bench/2026-11-27-cache-miss-rounds.md,
 * "Misses, fourth round"); a static render takes its matches from the handler's context,
 * never from the other routes, so the branch renders the same markup
 * (tests/unit/matched-branch.test.tsx renders both and compares). With no match at all,
 * the whole table.
 */
export function matchedBranch(
  routes: DataRouteObject[],
  matches: StaticHandlerContext['matches'],
): DataRouteObject[] {
  let branch: DataRouteObject[] | undefined;
  for (let i = matches.length - 1; i >= 0; i--) {
    const { route } = matches[i]!;
    // The leaf gets no children (an index route may have none).
    branch = [{ ...route, children: branch } as DataRouteObject];
  }
  return branch ?? routes;
}
