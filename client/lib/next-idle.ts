/**
 * Resolves in a task of its own once the browser has nothing more urgent to do (no input,
 * no frame to draw), at the latest after `timeoutMs`. The islands that hydrate without
 * being used split their work at these points (decision 0029): React's evaluation, the
 * island's module and its hydration each wait for one, so none of them joins another in a
 * long task that would keep a tap waiting. Safari has no requestIdleCallback: there a
 * zero-delay timer still ends the current task.
 */
export function nextIdle(timeoutMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}
