import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests (smtp-server), on 127.0.0.1 and a free port, keeping every
 * message it accepted, parsed by mailparser. `stop()` closes the port (the site's sender
 * then meets a refused connection) and `start()` opens the same port again.
 *
 *   const inbox = await openSmtpInbox();
 *   // SMTP_URL: inbox.url  (or inbox.urlWith('user', 'pass') to require that login)
 *   inbox.messages[0].parsed.subject
 *
 * `answerDelayMs` makes it a slow server: it reads a whole message, keeps it, and answers
 * the client that long after (a slow content filter). A client that gives up meanwhile
 * never learns its mail arrived, as with a real server.
 */

export interface ReceivedMail {
  /** The SMTP envelope: who the sender's client asked the server to deliver to. */
  envelope: { from: string; to: string[] };
  parsed: ParsedMail;
}

export interface SmtpInbox {
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Counts sessions, whether or not they sent a message (the diagnostic must send none). */
  connections: number;
  /** How long the server waits, once a message is read, before saying it accepted it. */
  answerDelayMs: number;
  /** Messages read whose answer has not been given yet. */
  readonly unanswered: number;
  urlWith(user: string, password: string): string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function openSmtpInbox(options: { user?: string; password?: string } = {}): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let port = 0;
  // Answers held back by answerDelayMs, by session: a session the client closed has none.
  const held = new Map<string, NodeJS.Timeout>();
  const inbox: SmtpInbox = {
    url: '',
    port: 0,
    messages,
    connections: 0,
    answerDelayMs: 0,
    get unanswered() {
      return held.size;
    },
    urlWith: (user, password) =>
      `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`,
    async start() {
      const current = new SMTPServer({
        // Plain text on the loopback: no certificate to trust in tests.
        disabledCommands: ['STARTTLS'],
        allowInsecureAuth: true,
        authOptional: options.user === undefined,
        logger: false,
        onConnect(_session, callback) {
          inbox.connections += 1;
          callback();
        },
        onAuth(auth, _session, callback) {
          if (auth.username === options.user && auth.password === options.password) {
            callback(null, { user: auth.username });
          } else callback(new Error('Identifiants refusés'));
        },
        onClose(session) {
          clearTimeout(held.get(session.id));
          held.delete(session.id);
        },
        onData(stream, session, callback) {
          simpleParser(stream)
            .then((parsed) => {
              messages.push({
                envelope: {
                  from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                  to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
                },
                parsed,
              });
              if (inbox.answerDelayMs <= 0) return callback();
              held.set(
                session.id,
                setTimeout(() => {
                  held.delete(session.id);
                  callback();
                }, inbox.answerDelayMs),
              );
            })
            .catch((error: Error) => callback(error));
        },
      });
      await new Promise<void>((resolve, reject) => {
        current.once('error', reject);
        current.listen(port, '127.0.0.1', () => {
          current.off('error', reject);
          resolve();
        });
      });
      server = current;
      port = (current.server.address() as AddressInfo).port;
      inbox.port = port;
      inbox.url = `smtp://127.0.0.1:${port}`;
    },
    async stop() {
      const current = server;
      server = null;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  await inbox.start();
  return inbox;
}
