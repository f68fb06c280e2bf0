import nodemailer, { type Transporter } from 'nodemailer';

/**
 * The SMTP connection of SMTP_URL (smtp:// with STARTTLS when the server offers it, or
 * smtps:// for TLS from the first byte). One connection per mail: the site sends a few a
 * day, and a pool would hold a socket the SMTP server closes anyway.
 *
 * The timeouts bound one delivery well inside the sender's lease (outbox-sender.ts), so a
 * mail is never taken over by another sender while this one still talks to the server.
 */
export function createSmtpTransport(smtpUrl: string): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 20_000,
    greetingTimeout: 15_000,
    socketTimeout: 60_000,
  });
}

/** Where SMTP_URL points, without its user or password: what the back office may show. */
export function smtpEndpoint(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  return `${url.protocol}//${url.hostname}:${url.port || (secure ? '465' : '587')}`;
}
