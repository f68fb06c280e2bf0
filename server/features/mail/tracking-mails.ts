import type { Knex } from 'knex';
import { paths } from '#shared/paths';
import { TRACKING_STATUS_LABELS } from '#shared/tracking-rules';
import type { SubmissionStatus } from '#shared/types';
import { enqueueMail } from '#server/features/outbox';
import { renderMail, signatureBlock } from './mail-layout';
import type { LinkMailDeps, MailDeps } from './mail-deps';
import { greeting } from './visitor-name';

/**
 * The client's mails about following a request (docs/product-rules.md, "Tracking link" and
 * "Status history"), queued in the transaction that issues the link or records the
 * change: a new tracking link, and a message from the staff.
 */

export interface TrackedForMail {
  id: number;
  reference: string;
  first_name: string;
  email: string;
  project_title: string;
}

export function trackingLinkMail(submission: TrackedForMail, url: string, deps: MailDeps) {
  const { site } = deps.config;
  return {
    subject: `Votre lien de suivi pour la demande ${submission.reference}`,
    ...renderMail(site, {
      title: 'Suivez votre demande en ligne',
      blocks: [
        { kind: 'paragraph', text: greeting(submission.first_name) },
        {
          // Anyone who knows a reference and its address can have this mail sent: like the
          // confirmation, it quotes nothing the visitor typed but the name (visitor-name.ts).
          kind: 'paragraph',
          text: `Voici le lien privé de suivi de votre demande ${submission.reference} : son statut et nos messages, à jour, depuis votre téléphone.`,
        },
        { kind: 'button', label: 'Suivre ma demande', href: url },
        { kind: 'paragraph', text: url },
        {
          kind: 'paragraph',
          text: 'Dès que vous ouvrez ce lien, ceux envoyés auparavant ne fonctionnent plus. Ne le transmettez qu’aux personnes qui suivent le projet avec vous.',
        },
        signatureBlock(site),
      ],
    }),
  };
}

export function clientMessageMail(
  submission: TrackedForMail,
  status: SubmissionStatus,
  message: string,
  deps: MailDeps,
) {
  const { site, appUrl } = deps.config;
  return {
    subject: `Du nouveau sur votre demande ${submission.reference}`,
    ...renderMail(site, {
      title: `Votre demande ${submission.reference}`,
      blocks: [
        { kind: 'paragraph', text: greeting(submission.first_name) },
        {
          kind: 'facts',
          rows: [
            ['Projet', submission.project_title],
            ['Statut', TRACKING_STATUS_LABELS[status]],
          ],
        },
        { kind: 'quote', label: 'Message de notre équipe', text: message },
        {
          // The link itself cannot be repeated: only its fingerprint is stored.
          kind: 'paragraph',
          text: `Retrouvez l’historique de votre demande avec le lien de suivi reçu lors de son envoi. Perdu ? Demandez-en un nouveau sur ${appUrl}${paths.tracking}.`,
        },
        signatureBlock(site),
      ],
    }),
  };
}

/** A mail to the client about their request, answered to the company's address. */
function queueToClient(
  trx: Knex | Knex.Transaction,
  submission: TrackedForMail,
  mail: { subject: string; html: string; text: string; secretLink?: { url: string; jwtSecret: string } },
  deps: MailDeps,
): Promise<unknown> {
  return enqueueMail(
    trx,
    {
      to: [submission.email],
      replyTo: deps.config.site.email,
      about: { type: 'submission', id: submission.id },
      ...mail,
    },
    deps.now,
  );
}

export async function queueTrackingLinkMail(
  trx: Knex | Knex.Transaction,
  submission: TrackedForMail,
  url: string,
  deps: LinkMailDeps,
): Promise<void> {
  // The link goes into the outbox sealed, never in clear (docs/decisions/0031-no-secret-in-stored-mail.md).
  const secretLink = { url, jwtSecret: deps.config.jwtSecret };
  await queueToClient(trx, submission, { ...trackingLinkMail(submission, url, deps), secretLink }, deps);
}

export async function queueClientMessageMail(
  trx: Knex | Knex.Transaction,
  submission: TrackedForMail,
  status: SubmissionStatus,
  message: string,
  deps: MailDeps,
): Promise<void> {
  await queueToClient(trx, submission, clientMessageMail(submission, status, message, deps), deps);
}
