import type { Knex } from 'knex';
import { formatDate, formatFileSize } from '#shared/format';
import type { SubmissionDetails } from '#shared/types';
import { paths } from '#shared/paths';
import { staffRecipients } from '#server/features/assignees';
import { enqueueMail } from '#server/features/outbox';
import { questionsAndSignature, renderMail, type MailBlock } from './mail-layout';
import type { LinkMailDeps, MailDeps } from './mail-deps';
import { greeting } from './visitor-name';

/**
 * The two mails of a new project submission, queued in the transaction that stores it
 * (server/features/submissions/submissions.service.ts): the staff's notification with
 * every answer, answered straight to the client (Reply-To), and the client's confirmation
 * with the reference and the tracking link. The confirmation quotes nothing typed but the
 * name (visitor-name.ts): the address was never verified, and the company must not carry
 * a stranger's text to it (docs/product-rules.md, "E-mails about a request").
 */

/** The visitor's answers (the row's own shape) with the request's id and reference. */
export interface SubmissionForMail extends Omit<SubmissionDetails, 'admin_notes'> {
  id: number;
  reference: string;
  /** The private tracking link, for the client's confirmation (docs/product-rules.md, "Tracking link"). */
  tracking_url?: string | null;
}

export interface AttachmentForMail {
  original_name: string;
  size: number;
}

/** The visitor's answers, for the staff. */
function requestBlocks(
  submission: SubmissionForMail,
  attachments: readonly AttachmentForMail[],
): MailBlock[] {
  return [
    {
      kind: 'facts',
      rows: [
        ['Référence', submission.reference],
        ['Projet', submission.project_title],
        ['Type de projet', submission.project_type],
        ['Budget', submission.budget],
        ['Localisation', submission.location],
        [
          'Date de début souhaitée',
          submission.start_date ? formatDate(submission.start_date) : 'Non précisée',
        ],
      ],
    },
    { kind: 'quote', label: 'Description', text: submission.description },
    {
      kind: 'list',
      label: 'Pièces jointes',
      items: attachments.map((file) => `${file.original_name} (${formatFileSize(file.size)})`),
      empty: 'Aucune',
    },
  ];
}

export function submissionStaffMail(
  submission: SubmissionForMail,
  attachments: readonly AttachmentForMail[],
  deps: MailDeps,
) {
  const { site, appUrl } = deps.config;
  const link = `${appUrl}${paths.adminSubmissions}?soumission=${submission.id}`;
  const client = `${submission.first_name} ${submission.last_name}`;
  return {
    subject: `Nouvelle demande ${submission.reference} : ${submission.project_title}`,
    ...renderMail(site, {
      title: `Nouvelle demande de projet ${submission.reference}`,
      blocks: [
        { kind: 'paragraph', text: `${client} a envoyé une demande de projet depuis le site.` },
        {
          kind: 'facts',
          rows: [
            ['Client', client],
            ['Société', submission.company],
            ['E-mail', submission.email],
            ['Téléphone', submission.phone],
          ],
        },
        ...requestBlocks(submission, attachments),
        { kind: 'button', label: 'Voir la demande dans le back-office', href: link },
        { kind: 'paragraph', text: 'Répondre à ce courriel écrit directement au client.' },
      ],
    }),
  };
}

/** The tracking link, when the request has one: a button and the address itself, for a client who copies it. */
function trackingBlocks(url: string | null | undefined): MailBlock[] {
  if (!url) return [];
  return [
    {
      kind: 'paragraph',
      text: 'Suivez l’avancement de votre demande à tout moment sur votre page de suivi privée (gardez ce lien pour vous) :',
    },
    { kind: 'button', label: 'Suivre ma demande', href: url },
    { kind: 'paragraph', text: url },
  ];
}

/** How many files arrived: a count, never their names (the visitor typed those). */
function receivedFiles(count: number): string {
  if (count === 0) return 'Nous n’avons reçu aucune pièce jointe.';
  return count === 1 ? 'Nous avons reçu 1 pièce jointe.' : `Nous avons reçu ${count} pièces jointes.`;
}

export function submissionClientMail(
  submission: SubmissionForMail,
  attachments: readonly AttachmentForMail[],
  deps: MailDeps,
) {
  const { site } = deps.config;
  return {
    subject: `Votre demande ${submission.reference} a bien été reçue`,
    ...renderMail(site, {
      title: 'Nous avons bien reçu votre demande',
      blocks: [
        { kind: 'paragraph', text: greeting(submission.first_name) },
        {
          kind: 'paragraph',
          text: `Merci pour votre demande de projet. Elle est enregistrée sous la référence ${submission.reference} : rappelez-la dans vos échanges avec nous.`,
        },
        {
          kind: 'paragraph',
          text: `${receivedFiles(attachments.length)} Notre équipe l’étudie et vous répondra sous 48 heures.`,
        },
        ...trackingBlocks(submission.tracking_url),
        ...questionsAndSignature(site),
      ],
    }),
  };
}

/** Both mails into the outbox, in the submission's transaction. */
export async function queueSubmissionMails(
  trx: Knex | Knex.Transaction,
  submission: SubmissionForMail,
  attachments: readonly AttachmentForMail[],
  deps: LinkMailDeps,
): Promise<void> {
  const about = { type: 'submission', id: submission.id } as const;
  const staff = submissionStaffMail(submission, attachments, deps);
  // Its assignee once it has one (docs/product-rules.md, "Assignment"), else the company.
  const to = await staffRecipients(trx, about, deps.config.mail.staff);
  await enqueueMail(trx, { to, replyTo: submission.email, about, ...staff }, deps.now);
  const client = submissionClientMail(submission, attachments, deps);
  // The tracking link goes into the outbox sealed, never in clear
  // (docs/decisions/0031-no-secret-in-stored-mail.md).
  const url = submission.tracking_url;
  const secretLink = url ? { url, jwtSecret: deps.config.jwtSecret } : null;
  await enqueueMail(
    trx,
    { to: [submission.email], replyTo: deps.config.site.email, about, ...client, secretLink },
    deps.now,
  );
}
