import type { Knex } from 'knex';
import type { ActivityEntity } from '#shared/activity';
import { assignmentMessages } from '#shared/assignment';
import { CONTACT_SUBJECTS, isContactSubject } from '#shared/contact-message-rules';
import type { Config } from '#server/config';
import { engineOf, toDbDateTime, toNumber } from '#server/db/dialect';
import { ValidationError } from '#server/errors';
import { recordActivity } from '#server/features/activity';
import {
  ASSIGNED_TABLES,
  findAssignableUser,
  type AssignableContact,
  type AssignedKind,
} from '#server/features/assignees';
import { queueAssignmentMail } from '#server/features/mail';
import { whereNotTrashed } from '#server/db/visibility';

/**
 * Assigning a request or a message to a member of the staff, or taking it back
 * (docs/product-rules.md, "Assignment"). The row's assignee, the activity log's entry and
 * the assignee's mail are written in one transaction: all three or none.
 */

export interface AssignmentDeps {
  db: Knex;
  config: Pick<Config, 'site' | 'appUrl' | 'mail'>;
  now?: () => Date;
}

/** Who assigns: the signed-in user. */
export interface AssigningUser {
  id: number;
  name: string;
  email: string;
}

/** The activity log's name for each kind of record. */
const ENTITIES: Record<AssignedKind, ActivityEntity> = {
  submission: 'submission',
  contact_message: 'contact_message',
};

/** What the mail and the log need of the record, and who follows it now. */
interface Current {
  reference: string;
  title: string;
  clientName: string;
  assigneeId: number | null;
}

type Raw = Record<string, unknown>;

async function currentRecord(trx: Knex.Transaction, kind: AssignedKind, id: number): Promise<Current | null> {
  // A trashed request or message is assigned no more: 404 like a missing one.
  const query = whereNotTrashed(trx(ASSIGNED_TABLES[kind])).where({ id });
  // Two assignments at once: the second waits for the first, so its log's old value is true.
  if (engineOf(trx) === 'mysql') query.forUpdate();
  if (kind === 'submission') {
    const row: Raw | undefined = await query.first(
      'reference',
      'project_title',
      'first_name',
      'last_name',
      'assignee_id',
    );
    if (!row) return null;
    return {
      reference: String(row.reference ?? ''),
      title: String(row.project_title),
      clientName: `${String(row.first_name)} ${String(row.last_name)}`,
      assigneeId: toNumber(row.assignee_id as number | null),
    };
  }
  const row: Raw | undefined = await query.first('reference', 'subject', 'name', 'assignee_id');
  if (!row) return null;
  const subject = String(row.subject);
  return {
    reference: String(row.reference ?? ''),
    title: isContactSubject(subject) ? CONTACT_SUBJECTS[subject] : CONTACT_SUBJECTS.autre,
    clientName: String(row.name),
    assigneeId: toNumber(row.assignee_id as number | null),
  };
}

async function userName(trx: Knex.Transaction, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const row: { name: string } | undefined = await trx('users').where({ id }).first('name');
  return row?.name ?? null;
}

export function assignmentService({ db, config, now = () => new Date() }: AssignmentDeps) {
  /**
   * Gives the record to `assignee` (already checked: findAssignableUser) or to nobody, in
   * the caller's transaction: 'unchanged' for the same assignee again (no log entry, no
   * mail), null when there is no such live record. The assignee is mailed unless they
   * assigned it to themselves.
   */
  async function assignIn(
    trx: Knex.Transaction,
    kind: AssignedKind,
    id: number,
    assignee: AssignableContact | null,
    by: AssigningUser,
    at: Date,
  ): Promise<'changed' | 'unchanged' | null> {
    const current = await currentRecord(trx, kind, id);
    if (!current) return null;
    const nextId = assignee?.id ?? null;
    if (nextId === current.assigneeId) return 'unchanged';

    await trx(ASSIGNED_TABLES[kind])
      .where({ id })
      .update({ assignee_id: nextId, updated_at: toDbDateTime(at) });
    await recordActivity(
      trx,
      { id: by.id, name: by.name },
      {
        action: 'assign',
        entity: ENTITIES[kind],
        entityId: id,
        label: current.reference,
        changes: { assignee: [await userName(trx, current.assigneeId), assignee?.name ?? null] },
      },
      at,
    );
    if (assignee && assignee.id !== by.id) {
      await queueAssignmentMail(
        trx,
        {
          about: { type: kind, id },
          reference: current.reference,
          title: current.title,
          clientName: current.clientName,
          assignee: { name: assignee.name, email: assignee.email },
          assignedBy: { name: by.name, email: by.email },
        },
        { config, now: at },
      );
    }
    return 'changed';
  }

  /** `userId` as an assignable user, null for nobody; a 422 on `field` for anyone else. */
  async function assigneeOrRefuse(
    reader: Knex | Knex.Transaction,
    userId: number | null,
    field: string,
  ): Promise<AssignableContact | null> {
    if (userId === null) return null;
    const assignee = await findAssignableUser(reader, userId);
    if (!assignee) throw new ValidationError({ [field]: [assignmentMessages.userInvalid] });
    return assignee;
  }

  return {
    /**
     * Gives the record to `userId` (an assignable user, else a 422 on user_id), or to
     * nobody (null). False when there is no such record.
     */
    async assign(kind: AssignedKind, id: number, userId: number | null, by: AssigningUser): Promise<boolean> {
      const at = now();
      return db.transaction(async (trx) => {
        if (!(await currentRecord(trx, kind, id))) return false;
        const assignee = await assigneeOrRefuse(trx, userId, 'user_id');
        return (await assignIn(trx, kind, id, assignee, by, at)) !== null;
      });
    },

    /**
     * A bulk assignment (docs/product-rules.md, "Bulk actions"): the person is checked once,
     * before any row (a 422 on assignee_id refuses the whole request), then each record is
     * assigned in the bulk's transaction as one would be: its log entry, and its own mail,
     * which holds the link that opens it.
     */
    async bulkAssignee(userId: number | null): Promise<AssignableContact | null> {
      return assigneeOrRefuse(db, userId, 'assignee_id');
    },
    assignIn: (
      trx: Knex.Transaction,
      kind: AssignedKind,
      id: number,
      assignee: AssignableContact | null,
      by: AssigningUser,
    ) => assignIn(trx, kind, id, assignee, by, now()),
  };
}

export type AssignmentService = ReturnType<typeof assignmentService>;
