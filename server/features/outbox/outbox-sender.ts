import type { Knex } from 'knex';
import type { SendMailOptions, Transporter } from 'nodemailer';
import { fromDbDateTime, toNumber } from '#server/db/dialect';
import type { Logger } from '#server/logger';
import type { FileStore } from '#server/storage/file-store';
import { inlineImagesOf } from './inline-images';
import { outboxMessageId } from './message-id';
import { openLink, withLink } from './mail-secret';
import { claimDueMails, markAttemptFailed, markSent, releaseClaims } from './outbox.repository';
import type { OutboxRow } from './outbox-types';
import { nextAttemptAt } from './retry-schedule';

/**
 * The background sender (docs/decisions/0018-outbox-and-mail.md): every few seconds it
 * claims the due mails of the outbox and hands them to the SMTP server, one by one. It
 * runs beside the requests and never inside one. A failure waits for the retry schedule
 * (retry-schedule.ts).
 *
 * Stopped (a SIGTERM, server/index.ts), it claims nothing more, lets the delivery in
 * progress finish within the grace period or cuts it, and gives back every mail it claimed
 * but did not send: unclaimed, due at once, the attempt not counted, so the next start or
 * another instance sends it without waiting for a lease. Only a sender killed outright
 * leaves its claims to expire.
 *
 * Every attempt of a row carries the same Message-ID (message-id.ts): the one duplicate
 * left, a mail the SMTP server took just before the cut or whose 'sent' mark could not be
 * written, is recognisable.
 *
 * A mail's inline images are read from the file store here too, a missing one left out
 * (inline-images.ts).
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
  /** The host of the mails' Message-ID (APP_URL's); the From address's domain when unset. */
  messageIdHost?: string;
  /** The server's secret, whose derived key opens the tracking links sealed in the outbox. */
  jwtSecret: string;
  /** Where a mail's inline images are read at send time (inline-images.ts); none without it. */
  files?: FileStore | null;
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
   * Claims nothing more and waits for the delivery in progress, at most `graceMs`; a
   * delivery still running then is cut. Every mail claimed and not sent is given back, due
   * now. Resolves with 'cut' when a delivery had to be cut, 'finished' otherwise.
   */
  stop(graceMs?: number): Promise<'finished' | 'cut'>;
  /** Delivers every due mail now; resolves with how many were sent. Nothing once stopped. */
  runOnce(): Promise<number>;
}

/** nodemailer cuts a delivery on this signal; @types/nodemailer does not list it yet. */
type AbortableMail = SendMailOptions & { signal: AbortSignal };

const DEFAULT_POLL_MS = 5_000;
const DEFAULT_LEASE_MS = 10 * 60_000;
const DEFAULT_BATCH = 10;
const ERROR_MAX = 500;
/**
 * After a cut, how long the claims may take to be given back (a few writes) before stop
 * returns anyway: a database that does not answer leaves them to their lease.
 */
const GIVE_BACK_WAIT_MS = 5_000;

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

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<'settled' | 'late'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  try {
    return await Promise.race([promise.then(() => 'settled' as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function createOutboxSender(deps: OutboxSenderDeps): OutboxSender {
  const now = deps.now ?? (() => new Date());
  const pollMs = deps.pollMs ?? DEFAULT_POLL_MS;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const batchSize = deps.batchSize ?? DEFAULT_BATCH;
  const { db, logger, transport } = deps;
  const host = deps.messageIdHost ?? (deps.from.address.split('@')[1] || 'localhost');
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = false;
  // Aborted when the grace runs out: nodemailer then closes the connection in progress.
  let cut = new AbortController();

  async function deliver(row: OutboxRow): Promise<'sent' | 'failed' | 'cut'> {
    const id = toNumber(row.id);
    const attempt = toNumber(row.attempts);
    if (!transport) return 'failed';
    let body = { html: row.html, text: row.text };
    if (row.secret !== null) {
      const link = openLink(deps.jwtSecret, row.secret, row.recipients);
      if (link === null) {
        await markAttemptFailed(db, id, UNREADABLE_LINK, null, now());
        logger.warn({ outbox: id, attempt }, 'courriel non envoyé : son lien de suivi est illisible');
        return 'failed';
      }
      body = withLink(body, link);
    }
    const inline = await inlineImagesOf(db, deps.files ?? null, id, body.html, logger);
    const mail: AbortableMail = {
      from: deps.from,
      to: row.recipients,
      replyTo: row.reply_to ?? undefined,
      subject: row.subject,
      ...body,
      html: inline.html,
      ...(inline.attachments.length > 0 ? { attachments: inline.attachments } : {}),
      messageId: outboxMessageId(row, host),
      signal: cut.signal,
    };
    try {
      await transport.sendMail(mail);
    } catch (error) {
      if (cut.signal.aborted) {
        // Cut by the shutdown, not refused by the server: given back with the rest (drain).
        logger.warn({ outbox: id, attempt }, 'envoi interrompu par l’arrêt : courriel remis en file');
        return 'cut';
      }
      const failedAt = now();
      const created = fromDbDateTime(row.created_at) ?? failedAt;
      const next = nextAttemptAt(attempt, created, failedAt);
      const reason = describeError(error);
      await markAttemptFailed(db, id, reason, next, failedAt);
      logger.warn(
        { outbox: id, attempt, error: reason, nextAttemptAt: next?.toISOString() ?? null },
        next ? 'courriel non remis, nouvel essai prévu' : 'courriel non remis : abandonné après 24 heures',
      );
      return 'failed';
    }
    if (await markSent(db, id, now())) logger.info({ outbox: id, attempt }, 'courriel envoyé');
    return 'sent';
  }

  async function drain(): Promise<number> {
    let sent = 0;
    while (!stopped) {
      const batch = await claimDueMails(db, now(), leaseMs, batchSize);
      if (batch.length === 0) return sent;
      for (const [index, row] of batch.entries()) {
        const outcome = stopped ? 'cut' : await deliver(row);
        if (outcome === 'sent') sent += 1;
        if (outcome === 'cut' || stopped) {
          // Shutting down: what was claimed and not sent goes back, due now, for the next
          // start or another instance. The row just delivered or failed is already written.
          const rest = batch.slice(outcome === 'cut' ? index : index + 1);
          await releaseClaims(
            db,
            rest.map((unsent) => toNumber(unsent.id)),
            now(),
          );
          return sent;
        }
      }
    }
    return sent;
  }

  function runOnce(): Promise<number> {
    if (!transport || stopped) return Promise.resolve(0);
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
      cut = new AbortController();
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
      const inFlight = running?.catch(() => 0);
      let outcome: 'finished' | 'cut' = 'finished';
      if (inFlight && (await settlesWithin(inFlight, graceMs)) === 'late') {
        outcome = 'cut';
        cut.abort();
        if ((await settlesWithin(inFlight, GIVE_BACK_WAIT_MS)) === 'late') {
          logger.error(
            'file des courriels injoignable à l’arrêt : les courriels réservés attendront leur bail',
          );
        }
      }
      transport?.close();
      return outcome;
    },
    runOnce,
  };
}
