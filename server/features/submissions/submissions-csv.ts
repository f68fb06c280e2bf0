import { SUBMISSION_STATUS_LABELS } from '#shared/schemas/submission';
import type { ContactMethod, SubmissionStatus } from '#shared/types';
import { fromDbDate, fromDbDateTime } from '#server/db/dialect';
import { csvCalendarDay, csvDay, csvTime, type CsvColumn } from '#server/features/exports';
import type { SubmissionRow } from './submission-record';

const CONTACT_METHOD_LABELS: Record<ContactMethod, string> = {
  email: 'E-mail',
  phone: 'Téléphone',
  whatsapp: 'WhatsApp',
};

function statusLabel(status: string): string {
  return Object.hasOwn(SUBMISSION_STATUS_LABELS, status)
    ? SUBMISSION_STATUS_LABELS[status as SubmissionStatus]
    : SUBMISSION_STATUS_LABELS.new;
}

function methodLabel(method: string | null): string {
  return method && Object.hasOwn(CONTACT_METHOD_LABELS, method)
    ? CONTACT_METHOD_LABELS[method as ContactMethod]
    : '';
}

/** GET /api/admin/project-submissions/export.csv: the record's fields, in French. */
export const SUBMISSION_CSV_COLUMNS: readonly CsvColumn<SubmissionRow>[] = [
  { header: 'Référence', value: (row) => row.reference },
  { header: 'Date', value: (row) => csvDay(fromDbDateTime(row.created_at)) },
  { header: 'Heure', value: (row) => csvTime(fromDbDateTime(row.created_at)) },
  { header: 'Prénom', value: (row) => row.first_name },
  { header: 'Nom', value: (row) => row.last_name },
  { header: 'E-mail', value: (row) => row.email },
  { header: 'Téléphone', value: (row) => row.phone },
  { header: 'Entreprise', value: (row) => row.company },
  { header: 'Titre du projet', value: (row) => row.project_title },
  { header: 'Type de projet', value: (row) => row.project_type },
  { header: 'Localisation', value: (row) => row.location },
  { header: 'Budget', value: (row) => row.budget },
  { header: 'Date de début souhaitée', value: (row) => csvCalendarDay(fromDbDate(row.start_date)) },
  { header: 'Description', value: (row) => row.description },
  { header: 'Statut', value: (row) => statusLabel(row.status) },
  { header: 'Méthode de contact', value: (row) => methodLabel(row.contact_method) },
  { header: 'Notes', value: (row) => row.admin_notes },
];
