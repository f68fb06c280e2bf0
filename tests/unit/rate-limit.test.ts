import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '#server/config';
import { rateLimit } from '#server/http/rate-limit';

/**
 * The rate limits of one process (no REDIS_URL): express-rate-limit's MemoryStore behind
 * take()/release(). The same behaviour on Redis is checked in
 * tests/integration/shared-state.test.ts.
 */
function configWith(limits: Partial<Config['limits']>): Pick<Config, 'limits' | 'redis' | 'logLevel'> {
  return {
    logLevel: 'silent',
    redis: { url: null, keyPrefix: 'test:' },
    limits: {
      loginMaxAttempts: 5,
      loginLockoutMinutes: 10,
      loginClientMax: 20,
      loginClientWindowMinutes: 15,
      submissionMax: 5,
      submissionWindowMinutes: 60,
      contactMax: 5,
      contactWindowMinutes: 60,
      rendersPerMinute: 30,
      trackingGuessMax: 20,
      trackingGuessWindowMinutes: 15,
      trackingResendMax: 5,
      trackingResendWindowMinutes: 60,
      trackingResendPerRequestHourly: 3,
      trackingResendPerRequestDaily: 10,
      passwordForgotMax: 5,
      passwordForgotWindowMinutes: 60,
      accountLinkAttemptMax: 10,
      accountLinkAttemptWindowMinutes: 15,
      ...limits,
    },
  };
}

describe('rate limits in memory', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('grants `max` slots per window and per client, and says when to come back', async () => {
    const limit = rateLimit(configWith({ submissionMax: 2, submissionWindowMinutes: 10 }), 'submissions');
    expect((await limit.take('a')).granted).toBe(true);
    vi.setSystemTime(60_000);
    expect((await limit.take('a')).granted).toBe(true);
    expect((await limit.take('b')).granted).toBe(true);
    vi.setSystemTime(120_000);
    // The window opened at the first slot, ten minutes before it closes.
    expect(await limit.take('a')).toEqual({ granted: false, retryAfterSeconds: 480 });
    vi.setSystemTime(600_001);
    expect((await limit.take('a')).granted).toBe(true);
    expect((await limit.take('a')).granted).toBe(true);
    expect((await limit.take('a')).granted).toBe(false);
  });

  it('gives a released slot back, once', async () => {
    const limit = rateLimit(configWith({ contactMax: 1 }), 'contactMessages');
    const first = await limit.take('a');
    expect(first.granted).toBe(true);
    expect((await limit.take('a')).granted).toBe(false);
    if (first.granted) {
      await first.slot.release();
      await first.slot.release();
    }
    const second = await limit.take('a');
    expect(second.granted).toBe(true);
    expect((await limit.take('a')).granted).toBe(false);
  });

  it('grants exactly `max` of many parallel takes', async () => {
    const limit = rateLimit(configWith({ loginClientMax: 3 }), 'loginClients');
    const answers = await Promise.all(Array.from({ length: 10 }, () => limit.take('rafale')));
    expect(answers.filter((answer) => answer.granted)).toHaveLength(3);
  });

  it('does not count refused takes: a released slot is usable while the client keeps knocking', async () => {
    const limit = rateLimit(configWith({ rendersPerMinute: 1 }), 'renders');
    const first = await limit.take('a');
    for (let i = 0; i < 5; i += 1) expect((await limit.take('a')).granted).toBe(false);
    if (first.granted) await first.slot.release();
    expect((await limit.take('a')).granted).toBe(true);
  });

  it('keeps separate counts per limiter, so two apps in one process never share one', async () => {
    const config = configWith({ submissionMax: 1 });
    expect((await rateLimit(config, 'submissions').take('a')).granted).toBe(true);
    expect((await rateLimit(config, 'submissions').take('a')).granted).toBe(true);
  });

  it('answers a refusal after the requests already waiting, and a grant at once', async () => {
    const limit = rateLimit(configWith({ submissionMax: 1 }), 'submissions');
    // Another request's step, queued for the next turn of the event loop. Node's own
    // setImmediate: the fake timers of this file leave node:timers/promises alone.
    const { setImmediate: realNextTurn } = await import('node:timers/promises');
    const race = async () => {
      const order: string[] = [];
      const taken = limit.take('a').then((answer) => order.push(answer.granted ? 'accordé' : 'refusé'));
      const other = realNextTurn().then(() => order.push('autre requête'));
      await Promise.all([taken, other]);
      return order;
    };
    expect(await race()).toEqual(['accordé', 'autre requête']);
    expect(await race()).toEqual(['autre requête', 'refusé']);
  });
});
