import type { Knex } from 'knex';
import { paths } from '#shared/paths';
import { enqueueMail } from '#server/features/outbox';
import { renderMail } from './mail-layout';
import type { MailDeps } from './mail-deps';

/**
 * The mail telling a member of the staff that a request or a message is now theirs
 * (docs/product-rules.md, "Assignment"), queued in the transaction of the assignment.
 *
 * It says what the case is (reference, project title or subject, the client's name) and
 * who handed it over, with the link that opens it in the back office: enough to know
 * what it is about and to open it. The client's e-mail, phone, description, message and
 * files stay in the back office, behind its sign-in and its roles: a mail lingers in
 * inboxes and on phones, is forwarded, and outlives the account it was sent to.
 */

export interface AssignmentForMail {
  about: { type: 'submission' | 'contact_message'; id: number };
  reference: string;
  /** The project's title, or the message's subject as its label ('Demande de devis'). */
  title: string;
  clientName: string;
  assignee: { name: string; email: string };
  /** Who assigned it; their address receives the replies. */
  assignedBy: { name: string; email: string };
}

function screenLink(assignment: AssignmentForMail, appUrl: string): string {
  return assignment.about.type === 'submission'
    ? `${appUrl}${paths.adminSubmissions}?soumission=${assignment.about.id}`
    : `${appUrl}${paths.adminMessages}?message=${assignment.about.id}`;
}

export function assignmentMail(assignment: AssignmentForMail, deps: MailDeps) {
  const { reference, title, assignee, assignedBy } = assignment;
  const request = assignment.about.type === 'submission';
  const what = request ? `la demande de projet ${reference}` : `le message ${reference}`;
  return {
    subject: request
      ? `La demande ${reference} vous est confiée : ${title}`
      : `Le message ${reference} vous est confié : ${title}`,
    ...renderMail(deps.config.site, {
      title: request ? 'Une demande de projet vous est confiée' : 'Un message de contact vous est confié',
      blocks: [
        { kind: 'paragraph', text: `Bonjour ${assignee.name},` },
        {
          kind: 'paragraph',
          text: `${assignedBy.name} vous a confié ${what} : à vous d’en assurer le suivi.`,
        },
        {
          kind: 'facts',
          rows: [
            ['Référence', reference],
            [request ? 'Projet' : 'Objet', title],
            ['Client', assignment.clientName],
            ['Confié par', assignedBy.name],
          ],
        },
        {
          kind: 'button',
          label: request ? 'Ouvrir la demande dans le back-office' : 'Ouvrir le message dans le back-office',
          href: screenLink(assignment, deps.config.appUrl),
        },
        {
          kind: 'paragraph',
          text: 'Les coordonnées du client et le détail sont dans le back-office. Répondre à ce courriel écrit à la personne qui vous l’a confié.',
        },
      ],
    }),
  };
}

export async function queueAssignmentMail(
  trx: Knex | Knex.Transaction,
  assignment: AssignmentForMail,
  deps: MailDeps,
): Promise<void> {
  await enqueueMail(
    trx,
    {
      to: [assignment.assignee.email],
      replyTo: assignment.assignedBy.email,
      about: assignment.about,
      ...assignmentMail(assignment, deps),
    },
    deps.now,
  );
}
