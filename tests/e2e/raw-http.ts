import { request } from 'node:http';

/**
 * A GET that shows the response exactly as sent: fetch() would add its own
 * Accept-Encoding and decompress the body, hiding what the server chose.
 */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`GET ${url}: no answer after 15 s`)));
    req.on('error', reject);
    req.end();
  });
}

/** One header as a single string ('' when absent), whatever node made of it. */
export function header(response: RawResponse, name: string): string {
  const value = response.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}
