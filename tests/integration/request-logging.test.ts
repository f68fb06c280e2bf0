import { Writable } from 'node:stream';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '#server/http/error-handler';
import { requestLogging } from '#server/http/request-logging';
import { createLogger } from '#server/logger';

/**
 * The access log as an operator reads it: one line per request with the request id, the
 * masked URL, the status and the time, at info, warn or error by the status; handlers'
 * lines carry the request id. The fields and their order are those pino-http wrote.
 */
function appWithLog(level: string) {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  app.use(requestLogging(createLogger(level, sink as never)));
  app.get('/ok', (req, res) => {
    req.log.info({ step: 'lu' }, 'ligne du gestionnaire');
    res.send('ok');
  });
  app.get('/quiet', (_req, res) => res.send('ok'));
  app.get('/boom', () => {
    throw new Error('boom');
  });
  app.get('/suivi/:token/boom', () => {
    throw new Error('boom');
  });
  app.use((_req, res) => res.status(404).send('introuvable'));
  app.use(errorHandler);
  return { app, lines, raw };
}

const ID = 'proxy-request-id-1';
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('request log', () => {
  it('writes one line per request with the id, the masked URL, the status and the time, fields in their order', async () => {
    const { app, lines, raw } = appWithLog('info');
    const response = await request(app).get('/ok?token=abc&a=1').set('X-Request-Id', ID).expect(200);
    await settle();
    expect(response.headers['x-request-id']).toBe(ID);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, reqId: ID, step: 'lu', msg: 'ligne du gestionnaire' });
    expect(lines[1]).toMatchObject({
      level: 30,
      reqId: ID,
      req: { id: ID, method: 'GET', url: '/ok?token=[masqué]&a=1' },
      res: { statusCode: 200 },
      msg: 'request completed',
    });
    expect(typeof lines[1]!.responseTime).toBe('number');
    expect(Object.keys(lines[1]!)).toEqual(['level', 'time', 'reqId', 'req', 'res', 'responseTime', 'msg']);
    expect(raw[1]).not.toContain('abc');
  });

  it('masks a tracking token in the path and logs a 404 at warn', async () => {
    const { app, lines } = appWithLog('info');
    await request(app).get('/suivi/jeton-secret').set('X-Request-Id', ID).expect(404);
    await settle();
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, req: { id: ID, method: 'GET', url: '/suivi/[masqué]' } }),
    ]);
  });

  it('masks a tracking token in every spelling of the path and in the query, in the lines of 404s and errors', async () => {
    const { app, lines, raw } = appWithLog('info');
    const token = 'Ab3_-xYz0123456789abcdefghijklmn';
    for (const url of [
      `/SUIVI/${token}`,
      `/%73uivi/${token}`,
      `/suivi/${token}//`,
      `/suivi/${token}/`,
      `/%53UIVI/%${token.charCodeAt(0).toString(16)}${token.slice(1)}`,
      `/login?retour=%2Fsuivi%2F${token}`,
    ])
      await request(app).get(url).expect(404);
    await request(app).get(`/SUIVI/${token}/boom`).expect(500);
    await settle();
    expect(lines.map((line) => [line.level, (line.req as { url?: string } | undefined)?.url])).toEqual([
      [40, '/SUIVI/[masqué]'],
      [40, '/suivi/[masqué]'],
      [40, '/suivi/[masqué]/…'],
      [40, '/suivi/[masqué]/…'],
      [40, '/SUIVI/[masqué]'],
      [40, '/login?retour=[masqué]'],
      [50, undefined],
      [50, '/SUIVI/[masqué]/…'],
    ]);
    expect(raw.join('')).not.toContain(token.slice(1, 31));
  });

  it('logs a failed request at error with the error, after the handler’s own line', async () => {
    const { app, lines } = appWithLog('info');
    await request(app).get('/boom').set('X-Request-Id', ID).expect(500);
    await settle();
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [50, 'erreur inattendue'],
      [50, 'request errored'],
    ]);
    expect(lines[1]).toMatchObject({
      reqId: ID,
      res: { statusCode: 500 },
      err: { type: 'Error', message: 'failed with status code 500' },
    });
    expect(Object.keys(lines[1]!)).toEqual([
      'level',
      'time',
      'reqId',
      'req',
      'res',
      'err',
      'responseTime',
      'msg',
    ]);
  });

  it('gives a request without a usable id a new one, in the header and the line', async () => {
    const { app, lines } = appWithLog('info');
    const response = await request(app).get('/quiet').set('X-Request-Id', 'court').expect(200);
    await settle();
    const id = response.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines[0]).toMatchObject({ reqId: id, req: { id } });
  });

  it('writes nothing for a success when the level is warn', async () => {
    const { app, lines } = appWithLog('warn');
    await request(app).get('/ok').expect(200);
    await request(app).get('/absent').expect(404);
    await settle();
    expect(lines.map((line) => line.level)).toEqual([40]);
  });
});
