import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '#server/logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

describe('logger', () => {
  it('writes JSON lines and masks passwords, tokens and authorization headers', () => {
    const { logger, lines } = capture();
    logger.info(
      {
        body: { email: 'a@b.bj', password: 'hunter22', newPassword: 'n3w-s3cret', access_token: 'eyJ.abc' },
        req: { headers: { authorization: 'Bearer eyJ.secret', cookie: 'sid=1' } },
      },
      'connexion',
    );
    const line = JSON.parse(lines[0]!);
    expect(line.msg).toBe('connexion');
    expect(line.body.email).toBe('a@b.bj');
    expect(line.body.password).toBe('[masqué]');
    expect(line.body.newPassword).toBe('[masqué]');
    expect(line.body.access_token).toBe('[masqué]');
    expect(line.req.headers.authorization).toBe('[masqué]');
    expect(lines[0]).not.toMatch(/hunter22|n3w-s3cret|eyJ/);
  });
});
