import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * JSON logs on stdout (the container's log driver keeps them). Anything that could carry a
 * secret is redacted wherever it appears in a log line: auth headers, cookies, passwords,
 * tokens, and the body fields the auth routes receive.
 */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  '*.confirmPassword',
  '*.password_hash',
  '*.access_token',
  '*.token',
  '*.jwtSecret',
  '*.JWT_SECRET',
  '*.ADMIN_PASSWORD',
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[masqué]' },
    },
    destination,
  );
}

export type LogDestination = ReturnType<typeof pino.destination>;

/**
 * Standard output as pino writes it: asynchronously, in order, through one buffer.
 */
export function stdoutDestination(): LogDestination {
  return pino.destination({ dest: 1, sync: false });
}

/**
 * Runs `done` once the log lines written so far have left the buffer, so that text for the
 * operator written next (on stdout or stderr) comes out after them. The destination says
 * so with 'drain'; the timer only guards against a write already finished.
 */
export function afterLogWrites(destination: LogDestination, done: () => void): void {
  let ran = false;
  const once = () => {
    if (ran) return;
    ran = true;
    clearTimeout(timer);
    done();
  };
  const timer = setTimeout(once, 500);
  destination.once('drain', once);
}
