import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy the test controls, between the app and a shared server (MariaDB): cutting
 * it simulates the database going away for this app only, without touching the server
 * other tests and engineers use.
 *
 * - `cut()`: every open connection is reset and new ones are refused at once, as when
 *   the database process dies;
 * - `stall()`: connections stay open but nothing goes through any more, and new ones are
 *   accepted and never answered, as when the network drops packets or the server hangs;
 * - `restore()`: new connections go through again (stalled ones are reset).
 */
export interface TcpProxy {
  port: number;
  cut(): void;
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let state: 'up' | 'down' | 'stalled' = 'up';
  const pairs = new Set<[Socket, Socket]>();
  const stalled = new Set<Socket>();

  const server: Server = createServer((client) => {
    if (state === 'down') {
      client.resetAndDestroy();
      return;
    }
    if (state === 'stalled') {
      // Accepted, never answered: the driver's handshake waits for its connect timeout.
      stalled.add(client);
      client.on('error', () => undefined).on('close', () => stalled.delete(client));
      return;
    }
    const upstream = connect(targetPort, targetHost);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('proxy has no port');

  const resetAll = () => {
    for (const [client, upstream] of pairs) {
      client.resetAndDestroy();
      upstream.destroy();
    }
    pairs.clear();
    for (const client of stalled) client.resetAndDestroy();
    stalled.clear();
  };
  const cut = () => {
    state = 'down';
    resetAll();
  };
  return {
    port: address.port,
    cut,
    stall() {
      state = 'stalled';
      // Stop relaying: bytes sent either way are kept in the socket buffers, unanswered.
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
        stalled.add(client);
        stalled.add(upstream);
      }
      pairs.clear();
    },
    restore() {
      if (state === 'stalled') resetAll();
      state = 'up';
    },
    async close() {
      cut();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
