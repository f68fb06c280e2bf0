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
