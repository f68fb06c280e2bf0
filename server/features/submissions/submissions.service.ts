import { changedFields, recordActivity, tableRow, type Actor } from '#server/features/activity';
import type { Knex } from 'knex';
import { REFERENCE_PREFIXES } from '#shared/references';
import { statusUpdateOutcome } from '#shared/submission-rules';
import type { SubmissionReceipt } from '#shared/readers/submissions';
import { bulkMessages, type BulkAnswer } from '#shared/bulk';
import {
  SUBMISSION_STATUSES,
  submissionMessages,
  type SubmissionBulk,
  type SubmissionInput,
  type SubmissionStatusUpdate,
} from '#shared/schemas/submission';
import type { ProjectSubmission, SubmissionStatus } from '#shared/types';
import type { Config } from '#server/config';
import { toDbDateTime } from '#server/db/dialect';
import { NotFoundError, ValidationError } from '#server/errors';
import { queueClientMessageMail, queueSubmissionMails } from '#server/features/mail';
import { nextReference } from '#server/features/references';
import { moveManyToTrash, moveToTrash } from '#server/features/trash';
import { assignmentService, type AssigningUser } from '#server/features/assignment/assignment.service';
import { runBulk, type BulkOutcome } from '#server/db/bulk';
import { randomName } from '#server/images/random-name';
import { submissionPrefix } from '#server/storage/keys';
import type { StorageLayout } from '#server/storage/layout';
import { ATTACHMENT_MIME_TYPES, STORED_EXTENSIONS } from './attachment-content';
import { uniqueEntryNames, zipFileName } from './download-names';
import { SUMMARY_ENTRY_NAME, requestSummary } from './request-summary';
import { checkSubmission, type CheckedFile, type ReceivedFile } from './submission-checks';
import { latestNote, recordEvent } from './submission-events.repository';
import { openReceipt } from './submission-receipt';
import type { SubmissionZip } from './submission-zip';
import { submissionTrash } from './submission-trash';
import {
  findSubmission,
  findSubmissionContact,
  findSubmissionIdByToken,
  insertAttachments,
  insertSubmission,
  listSubmissions,
  submissionFiles,
  submissionIds,
  submissionRowsForExport,
  updateSubmissionRow,
  type SubmissionListFilters,
} from './submissions.repository';
import { newTrackingToken, trackingUrl } from './tracking-token';

export interface SubmissionsDeps {
  db: Knex;
  layout: StorageLayout;
  /** Who the company is and where the site lives (the mails, the tracking link), the receipts' secret. */
  config: Pick<Config, 'site' | 'appUrl' | 'mail' | 'jwtSecret'>;
  now?: () => Date;
}

/** What the visitor is told once the request is stored. */
export interface AcceptedSubmission {
  id: number;
  reference: string;
  /** The private tracking link's token: given once to the visitor, only its hash is stored. */
  trackingToken: string;
  /** The same token as the link the client keeps. */
  trackingUrl: string;
}

/** Who changes a request: the administrator signed in. */
export type StatusAuthor = { id: number; name: string } | null;

/** Server-generated names only (stored by `accept`): a row naming anything else is ignored. */
const STORED_NAME = /^[a-z0-9]+\.[a-z]+$/;
const MISSING_NOTE = 'fichiers-manquants.txt';

/** The visitor's answers as columns of project_submissions (and as the mails read them). */
function submissionFields(input: SubmissionInput) {
  return {
    first_name: input.firstName,
    last_name: input.lastName,
    email: input.email,
    phone: input.phone,
    company: input.company,
    project_title: input.projectTitle,
    project_type: input.projectType,
    location: input.location,
    budget: input.budget,
    description: input.description,
    start_date: input.startDate,
  };
}

function isStatus(value: string): value is SubmissionStatus {
  return (SUBMISSION_STATUSES as readonly string[]).includes(value);
}

/**
 * Project submissions (product rules, Entities, States and API): the public intake, and
 * what the back office does with a request (its status, notes and messages to the client,
 * its zip, its CSV export, its deletion). Rows and mails that belong together are written
 * in one transaction (docs/decisions/0018-outbox-and-mail.md); files follow rows
 * (docs/decisions/0004-api-conventions.md).
 */
export function submissionsService({ db, layout, config, now = () => new Date() }: SubmissionsDeps) {
  const assignment = assignmentService({ db, config, now });
  /**
   * The row with its tracking token's hash, the attachment rows, the two mails and the
   * files, together. Files go from storage/tmp into the store's private/submissions/{id}/
   * inside the transaction; if any step fails the transaction rolls back and the folder
   * goes, so a submission is stored whole or not at all (the caller removes the temp files
   * that were not moved).
   */
  async function store(input: SubmissionInput, files: readonly CheckedFile[]): Promise<AcceptedSubmission> {
    const at = now();
    const stamp = toDbDateTime(at);
    // In the row itself: a stored request always has a working link, and the client's
    // confirmation carries it (docs/product-rules.md, "Tracking link").
    const token = newTrackingToken();
    const link = trackingUrl(config.appUrl, token.token);
    // Set once the folder may exist (an object: the transaction callback assigns it).
    const written: { prefix: string | null } = { prefix: null };
    try {
      return await db.transaction(async (trx) => {
        const reference = await nextReference(trx, REFERENCE_PREFIXES.submission, at);
        const id = await insertSubmission(trx, {
          reference,
          ...submissionFields(input),
          status: 'new',
          admin_notes: null,
          contact_method: null,
          tracking_token_hash: token.hash,
          created_at: stamp,
          updated_at: stamp,
        });
        const accepted = { id, reference, trackingToken: token.token, trackingUrl: link };
        // Two rows in the outbox, in this transaction: the mails exist if and only if the
        // submission commits, and the visitor never waits for an SMTP server
        // (docs/decisions/0018-outbox-and-mail.md).
        await queueSubmissionMails(
          trx,
          { id, reference, ...submissionFields(input), tracking_url: link },
          files.map((file) => ({ original_name: file.originalName, size: file.size })),
          { config, now: at },
        );
        if (files.length === 0) return accepted;

        const placed = files.map((file) => ({
          file,
          storedName: `${randomName(24)}.${STORED_EXTENSIONS[file.kind]}`,
        }));
        await insertAttachments(
          trx,
          placed.map(({ file, storedName }) => ({
            submission_id: id,
            original_name: file.originalName,
            stored_name: storedName,
            mime_type: ATTACHMENT_MIME_TYPES[file.kind],
            size: file.size,
            created_at: stamp,
          })),
        );
        const prefix = submissionPrefix(id);
        written.prefix = prefix;
        // Local driver: renames (storage/tmp is on the same disk); s3: uploads.
        await layout.files.putAll(
          placed.map(({ file, storedName }) => ({ key: `${prefix}${storedName}`, fromFile: file.path })),
        );
        return accepted;
      });
    } catch (error) {
      // Rolled back (or the commit failed): the files already moved go with their folder.
      if (written.prefix) await layout.files.removeAll(written.prefix);
      throw error;
    }
  }

  /**
   * The log's row of a PATCH …/status: the status, note and contact method it changed, and
   * the message to the client if one went. 'status' when the status changed, else
   * 'client_message' or 'update'; a PATCH that changed nothing records nothing.
   */
  async function recordStatusChange(
    trx: Knex.Transaction,
    actor: Actor,
    id: number,
    before: Record<string, unknown> | null,
    message: string | null,
  ): Promise<void> {
    const after = await tableRow(trx, 'project_submissions', id);
    if (!after) return;
    const { status, admin_notes, contact_method } = after;
    const changes: Record<string, [unknown, unknown]> = changedFields(before, {
      status,
      admin_notes,
      contact_method,
    });
    if (message !== null) changes.message = [null, message];
    if (Object.keys(changes).length === 0) return;
    await recordActivity(trx, actor, {
      action: changes.status ? 'status' : message !== null ? 'client_message' : 'update',
      entity: 'submission',
      entityId: id,
      label: String(after.reference ?? ''),
      changes,
    });
  }

  /**
   * The status update of changeStatus, in the caller's transaction: whether the status
   * changed and a message went to the client, or null when there is no such live request.
   */
  async function changeStatusIn(
    trx: Knex.Transaction,
    actor: Actor,
    id: number,
    update: SubmissionStatusUpdate,
    at: Date,
  ): Promise<{ statusChanged: boolean; messageSent: boolean } | null> {
    const author: StatusAuthor = actor;
    const current = await findSubmissionContact(trx, { id });
    if (!current) return null;
    const before = await tableRow(trx, 'project_submissions', id);
    const from = isStatus(current.status) ? current.status : null;
    const note = update.admin_notes ?? null;
    const newNote = note !== null && note !== (await latestNote(trx, id)) ? note : null;
    const message = update.client_message ?? null;

    await updateSubmissionRow(trx, id, {
      status: update.status,
      updated_at: toDbDateTime(at),
      // The column is the latest note, as before: '' or null still empties it, while
      // the log keeps every note written.
      ...(update.admin_notes !== undefined && { admin_notes: update.admin_notes }),
      ...(update.contact_method !== undefined && { contact_method: update.contact_method }),
    });
    if (from !== update.status || newNote !== null || message !== null) {
      await recordEvent(trx, {
        submissionId: id,
        from,
        to: update.status,
        internalNote: newNote,
        clientMessage: message,
        author,
        at,
      });
    }
    if (message !== null) {
      await queueClientMessageMail(
        trx,
        {
          id,
          reference: current.reference ?? '',
          first_name: current.first_name,
          email: current.email,
          project_title: current.project_title,
        },
        update.status,
        message,
        { config, now: at },
      );
    }
    await recordStatusChange(trx, actor, id, before, message);
    return { statusChanged: from !== update.status, messageSent: message !== null };
  }

  async function get(id: number): Promise<ProjectSubmission> {
    const submission = await findSubmission(db, id);
    if (!submission) throw new NotFoundError(submissionMessages.notFound);
    return submission;
  }

  return {
    /** POST /submit-project once the body is parsed: every check (submission-checks.ts), then `store`. */
    async accept(body: unknown, received: readonly ReceivedFile[]): Promise<AcceptedSubmission> {
      const { input, files } = await checkSubmission(body, received);
      return store(input, files);
    },

    list: (query: SubmissionListFilters) => listSubmissions(db, query),

    /**
     * Same query as the list, every page (docs/product-rules.md, "CSV exports"), or the rows
     * ticked among them (`ids`).
     */
    csvRows: (query: SubmissionListFilters & { ids?: number[] | undefined }) =>
      submissionRowsForExport(db, query),

    get,

    /**
     * Fields left undefined by the update keep their value. A change of status, a new
     * internal note or a message to the client is one entry of the request's history
     * (docs/product-rules.md, "Status history"); a message is also e-mailed to the client
     * through the outbox, in the same transaction. admin_notes keeps the latest note (the
     * CSV export and the zip's summary read it); emptying it erases no entry of the log.
     * Answers the request as it now is.
     */
    async changeStatus(
      actor: Actor,
      id: number,
      update: SubmissionStatusUpdate,
    ): Promise<{ data: ProjectSubmission | null; message: string }> {
      const at = now();
      const found = await db.transaction((trx) => changeStatusIn(trx, actor, id, update, at));
      if (!found) throw new NotFoundError(submissionMessages.notFound);
      return { data: await findSubmission(db, id), message: statusUpdateOutcome(found) };
    },

    /** The ids a bulk action's `filter` designates: the list's rows, every page. */
    ids: (filter: Pick<SubmissionListFilters, 'search' | 'status' | 'assignee'>) => submissionIds(db, filter),

    /**
     * A bulk action on `ids` (docs/product-rules.md, "Bulk actions"), in one transaction:
     * each request as the same change made one by one (its history event, its log entry,
     * its assignee's mail), or the trash for all of them.
     */
    async bulk(by: AssigningUser, body: SubmissionBulk, ids: readonly number[]): Promise<BulkAnswer> {
      const actor: Actor = { id: by.id, name: by.name };
      const refuseMissing = (outcome: BulkOutcome | null): BulkOutcome =>
        outcome ?? { refused: bulkMessages.notFound };
      switch (body.action) {
        case 'delete':
          return moveManyToTrash({ db, layout, now }, actor, submissionTrash, ids);
        case 'assign': {
          const assignee = await assignment.bulkAssignee(body.assignee_id ?? null);
          return runBulk(db, ids, async (trx, id) =>
            refuseMissing(await assignment.assignIn(trx, 'submission', id, assignee, by)),
          );
        }
        case 'status': {
          const { status } = body;
          if (status === undefined)
            throw new ValidationError({ status: [submissionMessages.statusRequired] });
          const at = now();
          // A status alone, as the dialog saves it without a message for the client: the
          // client is e-mailed only about a message the staff wrote to them (changeStatus),
          // never about a status, so a bulk change sends no mail either.
          const update = { status, admin_notes: undefined, contact_method: undefined, client_message: null };
          return runBulk(db, ids, async (trx, id) => {
            const done = await changeStatusIn(trx, actor, id, update, at);
            // A status alone: an entry of the history exactly when the status changed.
            return done === null
              ? { refused: bulkMessages.notFound }
              : done.statusChanged
                ? 'changed'
                : 'unchanged';
          });
        }
      }
    },

    /**
     * To the trash with what hangs off it (docs/product-rules.md, "Trash"): its rows and its
     * private files stay as they are, unread while it is trashed; the purge deletes them.
     */
    async remove(actor: Actor, id: number): Promise<void> {
      if (!(await moveToTrash({ db, layout, now }, actor, submissionTrash, id)))
        throw new NotFoundError(submissionMessages.notFound);
    },

    /**
     * What the administrator's zip holds (product rules, API): the summary, then the files
     * still on the server, in the visitor's order. A request without attachments, or whose
     * files are all lost, is a 404 before any byte is sent.
     */
    async zip(id: number): Promise<SubmissionZip> {
      const found = await submissionFiles(db, id);
      if (!found) throw new NotFoundError(submissionMessages.notFound);
      if (found.attachments.length === 0) throw new NotFoundError(submissionMessages.noAttachments);

      // One listing of the folder tells which files are there (one request to a bucket).
      const prefix = submissionPrefix(id);
      const stored = new Set((await layout.files.list(prefix)).map((file) => file.key));
      const present: { key: string; originalName: string }[] = [];
      const missing: string[] = [];
      for (const attachment of found.attachments) {
        const key = `${prefix}${attachment.stored_name}`;
        if (STORED_NAME.test(attachment.stored_name) && stored.has(key))
          present.push({ key, originalName: attachment.original_name });
        else missing.push(attachment.original_name);
      }
      if (present.length === 0) throw new NotFoundError(submissionMessages.filesMissing);

      // A file lost on disk should not hide the others: they come with a note naming it.
      // The summary comes first, so a visitor's own 'demande.txt' becomes 'demande (2).txt'.
      const [, ...names] = uniqueEntryNames([
        SUMMARY_ENTRY_NAME,
        ...present.map((p) => p.originalName),
        ...(missing.length > 0 ? [MISSING_NOTE] : []),
      ]);
      const { submission } = found;
      return {
        fileName: zipFileName(id, submission.reference, submission.project_title),
        summary: { name: SUMMARY_ENTRY_NAME, text: requestSummary(submission) },
        files: present.map(({ key }, i) => ({ key, name: names[i]! })),
        missingNote:
          missing.length > 0
            ? {
                name: names[present.length]!,
                text: `Fichiers introuvables sur le serveur :\r\n${missing.map((name) => `- ${name}`).join('\r\n')}\r\n`,
              }
            : null,
      };
    },

    /**
     * The request a receipt names (the confirmation of a form posted without JavaScript),
     * or null when the receipt is forged, expired or its request gone.
     */
    async receipt(receipt: string): Promise<SubmissionReceipt | null> {
      const opened = openReceipt(config.jwtSecret, receipt);
      if (opened === null) return null;
      const { id, trackingToken } = opened;
      const found = await findSubmission(db, id);
      if (!found) return null;
      // A link the staff replaced since is not shown: it would open the 'not found' page.
      const linkWorks = trackingToken !== null && (await findSubmissionIdByToken(db, trackingToken)) === id;
      return {
        reference: found.reference,
        firstName: found.first_name,
        lastName: found.last_name,
        email: found.email,
        phone: found.phone,
        projectTitle: found.project_title,
        projectType: found.project_type,
        budget: found.budget,
        location: found.location,
        startDate: found.start_date,
        attachments: found.attachments.map((file) => ({ name: file.original_name, size: file.size })),
        trackingUrl: linkWorks && trackingToken ? trackingUrl(config.appUrl, trackingToken) : null,
      };
    },
  };
}

export type SubmissionsService = ReturnType<typeof submissionsService>;
