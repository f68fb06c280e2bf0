import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { Agent, request, type ClientRequest, type IncomingMessage } from 'node:http';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { seededTemplate } from '../helpers/e2e-harness';
import { startServer, type ServerProcess } from '../helpers/server-process';
import { openSmtpInbox } from '../helpers/smtp-inbox';
import { pdfBytes, VALID_FIELDS } from '../integration/submission-fixtures';
import { queryReadOnly } from './read-database';

/**
 * Shutdown loses nothing (docs/decisions/0012-shutdown-order-and-honest-faults.md): on
 * SIGTERM the real server process stops accepting connections, lets an upload in flight
 * finish and answers it with `Connection: close`, then exits 0; past the grace period it
 * exits 1. Temp files left by a killed process are swept at the next start. The outbox
 * sender claims nothing more and leaves no mail reserved behind it
 * (docs/decisions/0018-outbox-and-mail.md).
 */

interface OutboxState {
  id: number;
  status: string;
  attempts: number;
  claimed_until: string | null;
  next_attempt_at: string;
}

function outboxOf(databasePath: string, submissionId?: number): OutboxState[] {
  return queryReadOnly<OutboxState>(
    databasePath,
    'SELECT id, status, attempts, claimed_until, next_attempt_at FROM outbox' +
      (submissionId === undefined ? '' : " WHERE about_type = 'submission' AND about_id = ?") +
      ' ORDER BY id',
    ...(submissionId === undefined ? [] : [submissionId]),
  );
}

let server: ServerProcess | undefined;
// Each test starts its own server, from a copy of the run's seeded template (a few seconds);
// the margin is for a busy 2-core machine.
const START_AND_RUN_MS = 240_000;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** A submission as the browser sends it, cut in two so the test can pause mid-file. */
function submissionBody(email: string) {
  const boundary = `----edifier-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries({ ...VALID_FIELDS, email })) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="attachments[]"; filename="plan-facade.pdf"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
  );
  const file = pdfBytes('Plan envoyé pendant l’arrêt');
  const half = Math.floor(file.length / 2);
  const first = Buffer.concat([...parts, file.subarray(0, half)]);
  const rest = Buffer.concat([file.subarray(half), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { contentType: `multipart/form-data; boundary=${boundary}`, first, rest };
}

/** Starts the POST and sends the first half; the answer settles once the rest is sent. */
function startUpload(base: string, agent: Agent, email: string) {
  const body = submissionBody(email);
  const url = new URL('/api/submit-project', base);
  let req!: ClientRequest;
  const answer = new Promise<{ response: IncomingMessage; text: string }>((resolve, reject) => {
    req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'Content-Type': body.contentType,
          'Content-Length': String(body.first.length + body.rest.length),
          Accept: 'application/json',
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ response, text }));
      },
    );
    req.on('error', reject);
  });
  req.write(body.first);
  return { answer, finish: () => req.end(body.rest) };
}

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Whether a new connection is refused, i.e. the server stopped listening. */
async function refusesConnections(base: string): Promise<boolean> {
  try {
    await fetch(`${base}/api/health-check`, { signal: AbortSignal.timeout(1_000) });
    return false;
  } catch {
    return true;
  }
}

test(
  'SIGTERM during a slow upload: no new connection, the upload finishes with Connection: close, its row and file are kept, exit 0',
  async () => {
    const leftover = 'upload-abandonne-par-un-arret-brutal';
    server = await startServer({
      template: seededTemplate('demo'),
      env: { SUBMISSION_RATE_LIMIT: '1000' },
      prepareStorage: (storageDir) => {
        mkdirSync(path.join(storageDir, 'tmp'), { recursive: true });
        writeFileSync(path.join(storageDir, 'tmp', leftover), 'moitié de fichier');
      },
    });
    const tmp = path.join(server.storageDir, 'tmp');
    // Swept at start-up: nothing of a previous process's uploads is left in tmp.
    expect(readdirSync(tmp)).not.toContain(leftover);

    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const email = 'arret.propre@example.bj';
    const upload = startUpload(server.baseUrl, agent, email);
    // The server is receiving the file once its temp file exists.
    await until(() => readdirSync(tmp).length > 0, 'the upload to reach storage/tmp');

    server.kill('SIGTERM');
    await until(() => refusesConnections(server!.baseUrl), 'the server to stop accepting connections');
    upload.finish();

    const { response, text } = await upload.answer;
    expect(response.statusCode, text).toBe(201);
    expect(response.headers.connection).toBe('close');
    expect(JSON.parse(text)).toMatchObject({ success: true });
    agent.destroy();

    expect(await server.exitCode, `server output:\n${server.output}`).toBe(0);

    const rows = queryReadOnly<{ id: number }>(
      server.databasePath,
      'SELECT id FROM project_submissions WHERE email = ?',
      email,
    );
    expect(rows).toHaveLength(1);
    const id = rows[0]!.id;
    const attachments = queryReadOnly<{ stored_name: string; original_name: string }>(
      server.databasePath,
      'SELECT stored_name, original_name FROM submission_attachments WHERE submission_id = ?',
      id,
    );
    expect(attachments.map((a) => a.original_name)).toEqual(['plan-facade.pdf']);
    const folder = path.join(server.storageDir, 'app', 'private', 'submissions', String(id));
    expect(existsSync(path.join(folder, attachments[0]!.stored_name))).toBe(true);
    expect(readdirSync(tmp)).toEqual([]);
    // Its two mails were written with it and wait, unclaimed, for the next start.
    expect(
      outboxOf(server.databasePath, id).map((row) => [row.status, row.attempts, row.claimed_until]),
    ).toEqual([
      ['pending', 0, null],
      ['pending', 0, null],
    ]);
  },
  START_AND_RUN_MS,
);

test(
  'SIGTERM while idle with a kept-alive connection: the server closes it and exits 0',
  async () => {
    server = await startServer({ template: seededTemplate('demo') });
    // One finished request first, so shutdown also has to deal with a kept-alive connection.
    const response = await fetch(`${server.baseUrl}/api/health-check`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();

    const code = await server.stop();
    expect(code, `server output:\n${server.output}`).toBe(0);
  },
  START_AND_RUN_MS,
);

test(
  'an upload that outlasts SHUTDOWN_GRACE_SECONDS is cut and the process exits 1',
  async () => {
    server = await startServer({
      template: seededTemplate('demo'),
      env: { SUBMISSION_RATE_LIMIT: '1000', SHUTDOWN_GRACE_SECONDS: '1' },
    });
    const tmp = path.join(server.storageDir, 'tmp');
    const agent = new Agent({ keepAlive: true });
    const upload = startUpload(server.baseUrl, agent, 'jamais.fini@example.bj');
    await until(() => readdirSync(tmp).length > 0, 'the upload to reach storage/tmp');

    server.kill('SIGTERM');
    // The client never sends the rest: the grace runs out and its connection is cut.
    await expect(upload.answer).rejects.toThrow();
    agent.destroy();
    expect(await server.exitCode, `server output:\n${server.output}`).toBe(1);
  },
  START_AND_RUN_MS,
);

test(
  'SIGTERM while the SMTP server holds a mail: the delivery is cut at the grace, every claimed mail is given back due now, exit 1',
  async () => {
    // The server reads the first mail and would answer ten minutes later.
    const inbox = await openSmtpInbox();
    inbox.answerDelayMs = 10 * 60_000;
    try {
      server = await startServer({
        template: seededTemplate('demo'),
        env: { SMTP_URL: inbox.url, SUBMISSION_RATE_LIMIT: '1000', SHUTDOWN_GRACE_SECONDS: '2' },
      });
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...VALID_FIELDS, email: 'courriel.lent@example.bj' }))
        form.append(name, String(value));
      const response = await fetch(`${server.baseUrl}/api/submit-project`, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        body: form,
      });
      expect(response.status).toBe(201);
      // The sender looks at the outbox every few seconds.
      await until(() => inbox.unanswered === 1, 'the first mail to reach the slow SMTP server', 30_000);

      const stopping = Date.now();
      server.kill('SIGTERM');
      // The grace ran out on a mail: exit 1, within seconds, not the lease's ten minutes.
      expect(await server.exitCode, `server output:\n${server.output}`).toBe(1);
      expect(Date.now() - stopping).toBeLessThan(15_000);

      const rows = outboxOf(server.databasePath);
      expect(rows.map((row) => [row.status, row.attempts, row.claimed_until])).toEqual([
        ['pending', 0, null],
        ['pending', 0, null],
      ]);
      // Due at once for the next start or another instance (stored in UTC).
      for (const row of rows)
        expect(Date.parse(`${row.next_attempt_at.replace(' ', 'T')}Z`)).toBeLessThanOrEqual(Date.now());
      // Should the slow server deliver the mail it read, the copy the next start sends
      // carries the same Message-ID, that of its row.
      expect(inbox.messages.map((m) => m.parsed.messageId)).toEqual([
        // Named after APP_URL's host (the address the server answers: server-process.ts).
        expect.stringMatching(new RegExp(`^<outbox-${rows[0]!.id}\\.\\d{14}@127\\.0\\.0\\.1>$`)),
      ]);
    } finally {
      await inbox.stop();
    }
  },
  START_AND_RUN_MS,
);
