import type { Knex } from 'knex';
import { paths } from '#shared/paths';
import { staffRecipients } from '#server/features/assignees';
import { enqueueMail } from '#server/features/outbox';
import { questionsAndSignature, renderMail } from './mail-layout';
import type { MailDeps } from './mail-deps';
import { greeting } from './visitor-name';

/**
 * The mails of a contact message, queued in the transaction that stores it: the staff's
 * notification with the whole message (answered straight to the sender when they gave an
 * e-mail), and the sender's confirmation, only when there is an address to send it to.
 * The confirmation quotes nothing typed but the name (visitor-name.ts): the address was
 * never verified, and the company must not carry a stranger's text to it.
 */

export interface ContactMessageForMail {
  id: number;
  reference: string;
  name: string;
  email: string | null;
  phone: string | null;
  subject: string;
  message: string;
  created_at: string | Date;
}

export function contactStaffMail(message: ContactMessageForMail, deps: MailDeps) {
  return {
    subject: `Nouveau message ${message.reference} : ${message.subject}`,
    ...renderMail(deps.config.site, {
      title: `Nouveau message de contact ${message.reference}`,
      blocks: [
        { kind: 'paragraph', text: `${message.name} a écrit depuis la page Contact du site.` },
        {
          kind: 'facts',
          rows: [
            ['Référence', message.reference],
            ['Nom', message.name],
            ['E-mail', message.email ?? 'Non communiqué'],
            ['Téléphone', message.phone ?? 'Non communiqué'],
            ['Objet', message.subject],
          ],
        },
        { kind: 'quote', label: 'Message', text: message.message },
        {
          kind: 'button',
          label: 'Voir le message dans le back-office',
          // The inbox opens the message this parameter names (client/admin/messages/message-query.ts).
          href: `${deps.config.appUrl}${paths.adminMessages}?message=${message.id}`,
        },
        {
          kind: 'paragraph',
          text: message.email
            ? 'Répondre à ce courriel écrit directement à l’expéditeur.'
            : 'L’expéditeur n’a pas laissé d’e-mail : répondez-lui par téléphone.',
        },
      ],
    }),
  };
}

export function contactClientMail(message: ContactMessageForMail, deps: MailDeps) {
  const { site } = deps.config;
  return {
    subject: `Votre message ${message.reference} a bien été reçu`,
    ...renderMail(site, {
      title: 'Nous avons bien reçu votre message',
      blocks: [
        { kind: 'paragraph', text: greeting(message.name) },
        {
          kind: 'paragraph',
          text: `Merci pour votre message. Il est enregistré sous la référence ${message.reference} : rappelez-la dans vos échanges avec nous.`,
        },
        { kind: 'paragraph', text: 'Notre équipe vous répondra sous 48 heures.' },
        ...questionsAndSignature(site),
      ],
    }),
  };
}

export async function queueContactMessageMails(
  trx: Knex | Knex.Transaction,
  message: ContactMessageForMail,
  deps: MailDeps,
): Promise<void> {
  const about = { type: 'contact_message', id: message.id } as const;
  // Its assignee once it has one (docs/product-rules.md, "Assignment"), else the company.
  const to = await staffRecipients(trx, about, deps.config.mail.staff);
  await enqueueMail(trx, { to, replyTo: message.email, about, ...contactStaffMail(message, deps) }, deps.now);
  if (message.email) {
    await enqueueMail(
      trx,
      { to: [message.email], replyTo: deps.config.site.email, about, ...contactClientMail(message, deps) },
      deps.now,
    );
  }
}
