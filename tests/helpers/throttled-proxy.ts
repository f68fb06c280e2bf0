import { createServer, connect, type Socket } from 'node:net';

/**
 * A TCP relay that slows the client's bytes down (a mobile link, not the loopback's
 * gigabytes per second), so that an upload is still under way when a test or the bench
 * cuts it: `cut()` destroys every open connection, as a dropped link does, and new ones go
 * through. `forwarded` counts the client's bytes relayed to the server.
 */
export interface ThrottledProxy {
  port: number;
  readonly forwarded: number;
  cut(): void;
  close(): Promise<void>;
}

export async function startThrottledProxy(
  targetHost: string,
  targetPort: number,
  bytesPerSecond: number,
): Promise<ThrottledProxy> {
  let forwarded = 0;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(targetPort, targetHost);
    sockets.add(client).add(upstream);
    const end = () => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.on('data', (chunk: Buffer) => {
      client.pause();
      forwarded += chunk.length;
      upstream.write(chunk);
      setTimeout(() => client.resume(), (chunk.length / bytesPerSecond) * 1000);
    });
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('proxy has no port');
  return {
    port: address.port,
    get forwarded() {
      return forwarded;
    },
    cut() {
      for (const socket of sockets) socket.resetAndDestroy();
      sockets.clear();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
