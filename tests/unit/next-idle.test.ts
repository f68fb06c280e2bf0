import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextIdle } from '#client/lib/next-idle';

/** Whether the promise has settled once the microtasks queued so far have run. */
async function settledNow(promise: Promise<void>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let i = 0; i < 10; i++) await Promise.resolve();
  return settled;
}

describe('nextIdle (the islands hydrated at load split their work at these points)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('waits for the browser’s idle callback, with a deadline, and not for the current task’s microtasks', async () => {
    const callbacks: Array<() => void> = [];
    const requestIdleCallback = vi.fn((callback: () => void) => callbacks.push(callback));
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    const idle = nextIdle(800);
    expect(await settledNow(idle)).toBe(false);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 800 });
    callbacks[0]!();
    expect(await settledNow(idle)).toBe(true);
  });

  it('without requestIdleCallback (Safari), still ends the current task first', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    const idle = nextIdle();
    expect(await settledNow(idle)).toBe(false);
    await idle;
  });
});
