import { request } from 'node:http';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';

/** Raw HTTP, as it travels: what a phone downloads, headers included. */

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  /** The body as sent (compressed when the server compressed it). */
  body: Buffer;
}

/** A GET that keeps the body as sent (fetch would decompress it). */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const flat: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers))
          if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
        resolve({ status: res.statusCode ?? 0, headers: flat, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error(`GET ${url} : pas de réponse en 30 s`)));
    req.on('error', reject);
    req.end();
  });
}

/** The text of a document, whatever the server compressed it with. */
export function documentText(answer: RawAnswer): string {
  return answer.headers['content-encoding'] === 'gzip'
    ? gunzipSync(answer.body).toString('utf8')
    : answer.body.toString('utf8');
}

/**
 * Every byte of the first response as it crosses the network (status line, headers,
 * compressed body), read over a plain socket with `Accept-Encoding: gzip`.
 */
export function firstResponseBytes(baseUrl: string, path: string): Promise<number> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nAccept: text/html\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n`,
      );
    });
    socket.setTimeout(30_000, () => socket.destroy(new Error(`GET ${path} : pas de réponse en 30 s`)));
    socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
    socket.on('end', () => resolve(bytes));
    socket.on('error', reject);
  });
}

/** Script and module-preload URLs a document makes the browser load. */
export function scriptUrls(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) found.add(m[1]!);
  for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) found.add(m[1]!);
  return [...found];
}
