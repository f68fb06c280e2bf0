import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { afterAnswer } from '#server/http/after-answer';
import { createDrainer } from '#server/http/graceful-shutdown';

/**
 * Work done after an answer (server/http/after-answer.ts): it starts once the answer has
 * left, its failure goes to the handler given and never to the client, and the graceful
 * shutdown's drainer waits for it (docs/decisions/0012-shutdown-order-and-honest-faults.md).
 */
describe('work after the answer', () => {
  let server: Server | null = null;
  afterEach(async () => {
    if (server?.listening) await new Promise((resolve) => server!.close(resolve));
    server = null;
  });

  async function listen(
    work: (answered: boolean) => Promise<void>,
    failed: (error: unknown) => void = () => undefined,
  ) {
    const drainer = createDrainer();
    server = createServer(
      drainer.listener((_req, res) => {
        afterAnswer(res, () => work(res.writableFinished), failed);
        res.writeHead(202, { 'Content-Type': 'text/plain' }).end('reçu');
      }),
    );
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return { drainer, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
  }

  it('answers before the work starts, and the shutdown waits for the work', async () => {
    const steps: string[] = [];
    const { drainer, url } = await listen(async (answered) => {
      steps.push(answered ? 'work started after the answer' : 'work started before the answer');
      await new Promise((resolve) => setTimeout(resolve, 150));
      steps.push('work done');
    });
    const response = await fetch(url, { headers: { Connection: 'close' } });
    expect(`${response.status} ${await response.text()}`).toBe('202 reçu');
    expect(await drainer.drain(server!, 5_000)).toBe('drained');
    expect(steps).toEqual(['work started after the answer', 'work done']);
  });

  it('hands a failure of the work to its handler, never to the client', async () => {
    const failures: unknown[] = [];
    const { drainer, url } = await listen(
      () => Promise.reject(new Error('base injoignable')),
      (error) => failures.push(error),
    );
    const response = await fetch(url);
    expect(response.status).toBe(202);
    await drainer.workDone();
    expect(failures).toHaveLength(1);
    expect((failures[0] as Error).message).toBe('base injoignable');
  });

  it('gives up on the work with the rest when the grace runs out', async () => {
    const { drainer, url } = await listen(() => new Promise((resolve) => setTimeout(resolve, 1_000)));
    expect((await fetch(url, { headers: { Connection: 'close' } })).status).toBe(202);
    expect(await drainer.drain(server!, 100)).toBe('timeout');
  });
});
