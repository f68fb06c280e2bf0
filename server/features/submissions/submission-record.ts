import { SUBMISSION_STATUS_LABELS } from '#shared/schemas/submission';
import type { Assignee } from '#shared/assignment';
import type {
  ContactMethod,
  ProjectSubmission,
  SubmissionAttachment,
  SubmissionDetails,
  SubmissionStatus,
} from '#shared/types';
import { fromDbDate, fromDbDateTime, toNumber } from '#server/db/dialect';

/** project_submissions as both drivers answer it (docs/data-model.md). */
export interface SubmissionRow extends SubmissionDetails {
  id: number | string;
  reference: string | null;
  status: string;
  contact_method: string | null;
  assignee_id: number | string | null;
  created_at: string | Date;
}

export interface AttachmentRow {
  id: number | string;
  submission_id: number | string;
  original_name: string;
  stored_name: string;
  mime_type: string;
  size: number | string;
}

export const SUBMISSION_COLUMNS = [
  'id',
  'reference',
  'first_name',
  'last_name',
  'email',
  'phone',
  'company',
  'project_title',
  'project_type',
  'location',
  'budget',
  'description',
  'start_date',
  'status',
  'admin_notes',
  'contact_method',
  'assignee_id',
  'created_at',
] as const satisfies readonly (keyof SubmissionRow)[];

export const ATTACHMENT_COLUMNS = [
  'id',
  'submission_id',
  'original_name',
  'stored_name',
  'mime_type',
  'size',
] as const satisfies readonly (keyof AttachmentRow)[];

function isStatus(value: string): value is SubmissionStatus {
  return Object.hasOwn(SUBMISSION_STATUS_LABELS, value);
}

function contactMethodOf(value: string | null): ContactMethod | null {
  return value === 'email' || value === 'phone' || value === 'whatsapp' ? value : null;
}

/** The attachment as the back office sees it: never its stored name or path. */
export function toAttachmentView(row: AttachmentRow): SubmissionAttachment {
  return {
    id: toNumber(row.id),
    original_name: row.original_name,
    size: toNumber(row.size),
    mime_type: row.mime_type,
  };
}

/** The record of product rules, Entities (server-side record), plus its attachments and its assignee. */
export function toSubmissionRecord(
  row: SubmissionRow,
  attachments: readonly AttachmentRow[],
  assignee: Assignee | null,
): ProjectSubmission {
  // Rows are written through the schema; a status typed by hand in the database reads as
  // 'new', so the back office still lists it and can set a real one.
  const status = isStatus(row.status) ? row.status : ('new' as const);
  return {
    id: toNumber(row.id),
    // Every row has one since the references migration; '' only for a row typed in by hand.
    reference: row.reference ?? '',
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    company: row.company,
    project_title: row.project_title,
    project_type: row.project_type,
    location: row.location,
    budget: row.budget,
    description: row.description,
    start_date: fromDbDate(row.start_date),
    status,
    status_label: SUBMISSION_STATUS_LABELS[status],
    attachment_count: attachments.length,
    attachments: attachments.map(toAttachmentView),
    admin_notes: row.admin_notes,
    contact_method: contactMethodOf(row.contact_method),
    assignee,
    created_at: fromDbDateTime(row.created_at)?.toISOString() ?? '',
  };
}
