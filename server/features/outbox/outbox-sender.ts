import type { Knex } from 'knex';
import type { Transporter } from 'nodemailer';
import { fromDbDateTime, toNumber } from '#server/db/dialect';
import type { Logger } from '#server/logger';
import { openLink, withLink } from './mail-secret';
import { claimDueMails, markAttemptFailed, markSent, releaseClaims } from './outbox.repository';
import type { OutboxRow } from './outbox-types';
import { nextAttemptAt } from './retry-schedule';

/**
 * The background sender (docs/decisions/0018-outbox-and-mail.md): every few seconds it
 * claims the due mails of the outbox and hands them to the SMTP server, one by one. It
 * runs beside the requests and never inside one. A failure waits for the retry schedule
 * (retry-schedule.ts); a sender stopped or killed mid-send leaves its claim to expire, and
 * whichever sender runs next (this process restarted, or another one on the same
 * database) takes the mail back.
 *
 * A mail with a tracking link gets it back here, at send time, from the row's sealed
 * value (mail-secret.ts; docs/decisions/0031-no-secret-in-stored-mail.md).
 *
 * Logs carry the outbox id and the attempt, never the addresses or the body.
 */

export interface OutboxSenderDeps {
  db: Knex;
  logger: Logger;
  /** Null when SMTP_URL is unset: the sender does nothing and mails wait. */
  transport: Transporter | null;
  from: { name: string; address: string };
  /** The server's secret, whose derived key opens the tracking links sealed in the outbox. */
  jwtSecret: string;
  now?: () => Date;
  /** Pause between two looks at the outbox when it had nothing to send. */
  pollMs?: number;
  /**
   * How long a claim holds. Longer than one delivery may take (smtp-transport.ts bounds
   * it to about 1.5 minutes), so a live sender never loses a mail it is sending.
   */
  leaseMs?: number;
  batchSize?: number;
}

export interface OutboxSender {
  start(): void;
  /**
   * Stops polling and waits for the delivery in progress, at most `graceMs`; a delivery
   * still running then is abandoned to its lease.
   */
  stop(graceMs?: number): Promise<void>;
  /** Delivers every due mail now; resolves with how many were sent. */
  runOnce(): Promise<number>;
}

const DEFAULT_POLL_MS = 5_000;
const DEFAULT_LEASE_MS = 10 * 60_000;
const DEFAULT_BATCH = 10;
const ERROR_MAX = 500;
/**
 * A sealed link that does not open: the server's secret changed since the mail was written
 * (or the value was damaged). Sent, the mail would carry a broken link; it fails at once,
 * and the staff give the client a new link.
 */
export const UNREADABLE_LINK =
  'Lien de suivi illisible : le secret du serveur (JWT_SECRET) a changé depuis l’écriture de ce courriel. Générez un nouveau lien de suivi pour ce client dans le back-office.';

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.length > ERROR_MAX ? `${message.slice(0, ERROR_MAX - 1)}…` : message;
}

export function createOutboxSender(deps: OutboxSenderDeps): OutboxSender {
  const now = deps.now ?? (() => new Date());
  const pollMs = deps.pollMs ?? DEFAULT_POLL_MS;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = deps.batchSize ?? DEFAULT_BATCH;
  const { db, logger, transport } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;

  async function deliver(row: OutboxRow): Promise<boolean> {
    const id = toNumber(row.id);
    const attempt = toNumber(row.attempts);
    if (!transport) return false;
    let body = { html: row.html, text: row.text };
    if (row.secret !== null) {
      const link = openLink(deps.jwtSecret, row.secret, row.recipients);
      if (link === null) {
        await markAttemptFailed(db, id, UNREADABLE_LINK, null, now());
        logger.warn({ outbox: id, attempt }, 'courriel non envoyé : son lien de suivi est illisible');
        return false;
      }
      body = withLink(body, link);
    }
    try {
      await transport.sendMail({
        from: deps.from,
        to: row.recipients,
        replyTo: row.reply_to ?? undefined,
        subject: row.subject,
        ...body,
      });
    } catch (error) {
      const failedAt = now();
      const created = fromDbDateTime(row.created_at) ?? failedAt;
      const next = nextAttemptAt(attempt, created, failedAt);
      const reason = describeError(error);
      await markAttemptFailed(db, id, reason, next, failedAt);
      logger.warn(
        { outbox: id, attempt, error: reason, nextAttemptAt: next?.toISOString() ?? null },
        next ? 'courriel non remis, nouvel essai prévu' : 'courriel non remis : abandonné après 24 heures',
      );
      return false;
    }
    if (await markSent(db, id, now())) logger.info({ outbox: id, attempt }, 'courriel envoyé');
    return true;
  }

  async function drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claimDueMails(db, now(), leaseMs, batchSize);
      if (batch.length === 0) return sent;
      for (const [index, row] of batch.entries()) {
        if (stopped) {
          // Shutting down: the rest of the batch goes back as it was, for the next start.
          await releaseClaims(
            db,
            batch.slice(index).map((rest) => toNumber(rest.id)),
            now(),
          );
          return sent;
        }
        if (await deliver(row)) sent += 1;
      }
    }
  }

  function runOnce(): Promise<number> {
    if (!transport) return Promise.resolve(0);
    // One pass at a time in a process: a second caller shares the pass in progress.
    running ??= drain().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      runOnce()
        .catch((err: unknown) => logger.warn({ err }, 'file des courriels illisible, nouvel essai bientôt'))
        .finally(schedule);
    }, pollMs);
    // The HTTP server keeps the process alive; the sender alone never does.
    timer.unref();
  }

  return {
    start() {
      if (!transport) {
        logger.info('SMTP non configuré (SMTP_URL) : les courriels restent dans la file, non envoyés');
        return;
      }
      stopped = false;
      // The first pass right away: mails left pending by the last run go out at start-up.
      timer = setTimeout(() => {
        timer = null;
        schedule();
        void runOnce().catch((err: unknown) => logger.warn({ err }, 'file des courriels illisible'));
      }, 0);
      timer.unref();
    },
    async stop(graceMs = 10_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const inFlight = running;
      if (inFlight) {
        let waited: NodeJS.Timeout | undefined;
        await Promise.race([
          inFlight.catch(() => 0),
          new Promise((resolve) => {
            waited = setTimeout(resolve, graceMs);
          }),
        ]);
        clearTimeout(waited);
      }
      transport?.close();
    },
    runOnce,
  };
}
