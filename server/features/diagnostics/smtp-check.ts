import type { Config } from '#server/config';
import { createSmtpTransport, smtpEndpoint } from '#server/features/outbox';

/**
 * The SMTP card of the system diagnostic: connects to SMTP_URL, reads the greeting, says
 * EHLO and signs in when the URL carries credentials (nodemailer's verify()), then quits.
 * It never sends a mail. The answer names the server by host and port only: SMTP_URL's
 * password never leaves the process.
 */
export interface SmtpReport {
  status: 'success' | 'error' | 'unconfigured';
  /** 'smtp://hôte:587', or null when SMTP_URL is unset. */
  endpoint: string | null;
  message: string;
  duration_ms: number | null;
}

export async function smtpReport(config: Pick<Config, 'mail'>): Promise<SmtpReport> {
  const url = config.mail.smtpUrl;
  if (!url) {
    return {
      status: 'unconfigured',
      endpoint: null,
      message: 'Non configuré : définissez SMTP_URL. Les courriels restent dans la file, non envoyés.',
      duration_ms: null,
    };
  }
  const transport = createSmtpTransport(url);
  const started = performance.now();
  try {
    await transport.verify();
    return {
      status: 'success',
      endpoint: smtpEndpoint(url),
      message: 'Le serveur SMTP a répondu et accepte la connexion.',
      duration_ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    return {
      status: 'error',
      endpoint: smtpEndpoint(url),
      message: `Connexion au serveur SMTP impossible : ${error instanceof Error ? error.message : String(error)}`,
      duration_ms: Math.round(performance.now() - started),
    };
  } finally {
    transport.close();
  }
}
