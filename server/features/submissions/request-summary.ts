import type { ProjectSubmission } from '#shared/types';
import { formatDate, formatDateTime, formatFileSize } from '#shared/format';

/**
 * `demande.txt`, the first entry of a submission's zip: the whole request on one page, so
 * the plans unpacked on a site engineer's laptop still say whose they are and what was
 * asked (docs/product-rules.md, "Request references"). Plain text with CRLF line ends and
 * a BOM: Notepad and every phone open it with its accents.
 */
export const SUMMARY_ENTRY_NAME = 'demande.txt';

function line(label: string, value: string | null): string {
  return `${label} : ${value && value.trim() !== '' ? value : '—'}`;
}

export function requestSummary(submission: ProjectSubmission): string {
  const lines = [
    `Demande de projet ${submission.reference}`.trim(),
    '',
    line('Référence', submission.reference),
    line('Reçue le', formatDateTime(submission.created_at)),
    line('Statut', submission.status_label),
    '',
    'Client',
    line('Prénom', submission.first_name),
    line('Nom', submission.last_name),
    line('E-mail', submission.email),
    line('Téléphone', submission.phone),
    line('Entreprise', submission.company),
    '',
    'Projet',
    line('Titre', submission.project_title),
    line('Type de projet', submission.project_type),
    line('Budget', submission.budget),
    line('Localisation', submission.location),
    line('Date de début souhaitée', submission.start_date ? formatDate(submission.start_date) : null),
    '',
    'Description',
    submission.description.replace(/\r?\n/g, '\r\n'),
    '',
    `Pièces jointes (${submission.attachments.length})`,
    ...submission.attachments.map((file) => `- ${file.original_name} (${formatFileSize(file.size)})`),
    '',
  ];
  return `\uFEFF${lines.join('\r\n')}`;
}
