import type { Knex } from 'knex';
import { SUBMISSION_STATUSES } from '#shared/submission-rules';
import { TRACKING_STATUS_LABELS, type TrackingStep } from '#shared/tracking-rules';
import type { SubmissionEvent, SubmissionStatus } from '#shared/types';
import { fromDbDateTime, toDbDateTime, toNumber } from '#server/db/dialect';

/**
 * submission_events (docs/data-model.md): the dated log of a request's status changes,
 * internal notes and messages to the client (docs/product-rules.md, "Status history").
 * Rows are only ever added: the log is the history, nobody rewrites it.
 */

interface EventRow {
  id: number | string;
  from_status: string | null;
  to_status: string;
  internal_note: string | null;
  client_message: string | null;
  author_name: string | null;
  created_at: string | Date;
}

const COLUMNS = [
  'id',
  'from_status',
  'to_status',
  'internal_note',
  'client_message',
  'author_name',
  'created_at',
] as const;

function statusOf(value: string | null): SubmissionStatus | null {
  return value !== null && (SUBMISSION_STATUSES as readonly string[]).includes(value)
    ? (value as SubmissionStatus)
    : null;
}

export interface NewEvent {
  submissionId: number;
  from: SubmissionStatus | null;
  to: SubmissionStatus;
  internalNote: string | null;
  clientMessage: string | null;
  author: { id: number; name: string } | null;
  at: Date;
}

export async function recordEvent(trx: Knex | Knex.Transaction, event: NewEvent): Promise<void> {
  await trx('submission_events').insert({
    submission_id: event.submissionId,
    from_status: event.from,
    to_status: event.to,
    internal_note: event.internalNote,
    client_message: event.clientMessage,
    author_id: event.author?.id ?? null,
    author_name: event.author?.name ?? null,
    created_at: toDbDateTime(event.at),
  });
}

async function eventRows(db: Knex | Knex.Transaction, submissionId: number): Promise<EventRow[]> {
  // Same second: the insertion order decides.
  return db('submission_events')
    .select(COLUMNS)
    .where({ submission_id: submissionId })
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
}

/** The whole log, oldest first, as the back office reads it. */
export async function listEvents(db: Knex, submissionId: number): Promise<SubmissionEvent[]> {
  return (await eventRows(db, submissionId)).map((row) => ({
    id: toNumber(row.id),
    from_status: statusOf(row.from_status),
    to_status: statusOf(row.to_status) ?? 'new',
    internal_note: row.internal_note,
    client_message: row.client_message,
    author_name: row.author_name,
    created_at: fromDbDateTime(row.created_at)?.toISOString() ?? '',
  }));
}

/** The latest internal note, to tell a new note from the same text saved again. */
export async function latestNote(db: Knex | Knex.Transaction, submissionId: number): Promise<string | null> {
  const row: { internal_note: string } | undefined = await db('submission_events')
    .where({ submission_id: submissionId })
    .whereNotNull('internal_note')
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first('internal_note');
  return row?.internal_note ?? null;
}

/**
 * What the client may see: the request received, then every change of status and every
 * message meant for them, never an internal note nor who wrote it.
 */
export async function clientTimeline(
  db: Knex,
  submission: { id: number; sentAt: Date },
): Promise<TrackingStep[]> {
  const steps: TrackingStep[] = [
    { at: submission.sentAt.toISOString(), status: 'new', label: TRACKING_STATUS_LABELS.new, message: null },
  ];
  for (const row of await eventRows(db, submission.id)) {
    const to = statusOf(row.to_status);
    if (!to) continue;
    const changed = row.from_status !== null && row.from_status !== row.to_status;
    if (!changed && !row.client_message) continue;
    steps.push({
      at: fromDbDateTime(row.created_at)?.toISOString() ?? '',
      status: to,
      label: TRACKING_STATUS_LABELS[to],
      message: row.client_message,
    });
  }
  return steps;
}
