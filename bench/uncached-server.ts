import { createServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '#server/app';
import { loadConfig } from '#server/config';
import { createDb } from '#server/db/knex';
import { createLogger } from '#server/logger';
import { createRenderer } from '#server/ssr/renderer';

/**
 * The real app in a process of its own whose HTML cache is emptied before every request,
 * so that every page is a miss: loaders, React, the document and the miss's compression,
 * exactly the production path of a page nobody asked for yet (decision 0011). It reads
 * the database and storage of a server the bench already started (same environment).
 *
 * It also times each request on the server side, from its arrival to the last byte handed
 * to the socket; `GET /__bench/render-times` answers those durations (in ms) and forgets
 * them. Prints "ready" once listening. argv: <port>.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = loadConfig();
const db = createDb(config.database);
const logger = createLogger('warn');
const renderer = await createRenderer({ config, db, logger, root, mode: 'build' });
const cache = renderer.htmlCache;
if (!cache)
  throw new Error('HTML_CACHE=on est requis : le banc mesure le chemin des pages absentes du cache');
const app = createApp({ config, db, logger, root, renderer, metrics: null });

let times: number[] = [];
const server = createServer((req, res) => {
  if (req.url === '/__bench/render-times') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(times));
    times = [];
    return;
  }
  cache.clear();
  const started = process.hrtime.bigint();
  res.on('finish', () => times.push(Number(process.hrtime.bigint() - started) / 1e6));
  app(req, res);
});
server.listen(Number(process.argv[2]), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
