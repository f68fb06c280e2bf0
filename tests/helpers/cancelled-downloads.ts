import { readdirSync } from 'node:fs';
import http from 'node:http';

/**
 * What the leak tests of downloads share: the descriptors this process holds (files and
 * sockets, the app's and any server's started in the test), and one GET over a fresh
 * connection that is either read to the end or cut at its first chunk, as a visitor who
 * cancels a download does.
 */
export const openDescriptors = (): number => readdirSync('/proc/self/fd').length;

/** The bytes received; a cancelled download resolves once its connection is destroyed. */
export function download(
  port: number,
  path: string,
  token: string,
  { cancel }: { cancel: boolean },
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, headers: { Authorization: `Bearer ${token}` }, agent: false },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (cancel) req.destroy();
        });
        res.on('end', () => resolve(bytes));
        res.on('close', () => resolve(bytes));
      },
    );
    req.on('error', (error) => (cancel ? resolve(0) : reject(error)));
  });
}
