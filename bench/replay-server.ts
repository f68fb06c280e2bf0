import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * The reference of the HTML throughput target: a minimal node:http server that answers
 * every request with the same status, headers and body bytes, captured from the real
 * server, held in memory. argv: <capture.json> <port>. Prints "ready" once listening.
 */
interface Capture {
  status: number;
  headers: Record<string, string>;
  bodyBase64: string;
}

const capture = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as Capture;
const body = Buffer.from(capture.bodyBase64, 'base64');
// Node adds Date, Connection and Keep-Alive itself, as it does for the real server.
const headers = Object.fromEntries(
  Object.entries(capture.headers).filter(
    ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
  ),
);
const server = createServer((_req, res) => {
  res.writeHead(capture.status, headers);
  res.end(body);
});
server.listen(Number(process.argv[3]), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
