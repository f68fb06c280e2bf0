import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { pagedData, type Paged } from '#shared/paged';
import {
  authMessages,
  type StaffUser,
  type UserInviteInput,
  type UserUpdateInput,
  type UsersListQuery,
} from '#shared/schemas/auth';
import { hashPassword } from '#server/auth/passwords';
import { engineOf, isUniqueViolation, toBool, toDbDateTime } from '#server/db/dialect';
import { ConflictError, NotFoundError, ValidationError } from '#server/errors';
import { recordActivity, type Actor } from '#server/features/activity';
import { queueInvitationMail } from '#server/features/mail';
import { systemClock, type AuthDeps } from './auth-deps';
import { issueLink, voidLinks } from './account-links.repository';
import { toStaffUser } from './staff-user-view';
import { emailTakenByOther, findUserById, insertUser, listUsers } from './users.repository';
import { accountIsActive, type UserRow } from './user-view';

/**
 * The users screen (docs/product-rules.md, "Staff accounts"): list, invite, change a role,
 * deactivate and reactivate, send an invitation again. Administrators only (the routes'
 * guard). Every change writes its activity row in its own transaction.
 */
export function staffUsersService(deps: AuthDeps) {
  const now = deps.now ?? systemClock;
  const { db, config } = deps;
  const invitationMs = config.accounts.invitationValidHours * 60 * 60 * 1000;
  const mailDeps = () => ({ config, now: now() });

  /** Every active administrator whose invitation is accepted, locked on MySQL until the transaction ends. */
  async function usableAdmins(trx: Knex.Transaction): Promise<number[]> {
    const query = trx('users').where({ role: 'admin', active: true, invitation_pending: false }).select('id');
    const rows: { id: number | string }[] = await (engineOf(trx) === 'mysql' ? query.forUpdate() : query);
    return rows.map((row) => Number(row.id));
  }

  async function invite(
    trx: Knex.Transaction,
    account: { id: number; name: string; email: string; role: string },
    actor: Actor,
  ): Promise<Date> {
    const { token, expiresAt } = await issueLink(trx, account.id, 'invitation', invitationMs, now());
    await queueInvitationMail(trx, account, actor.name, token, mailDeps());
    return expiresAt;
  }

  async function view(trx: Knex | Knex.Transaction, id: number, expiresAt?: Date | null): Promise<StaffUser> {
    const row = await findUserById(trx, id);
    if (!row) throw new NotFoundError(authMessages.userNotFound);
    return toStaffUser({ ...row, invitation_expires_at: expiresAt ?? null });
  }

  return {
    async list(query: UsersListQuery): Promise<Paged<StaffUser>> {
      const { rows, total } = await listUsers(db, query);
      return pagedData(rows.map(toStaffUser), total, query);
    },

    /** An invited account: it signs in only once its owner has chosen a password. */
    async create(input: UserInviteInput, actor: Actor): Promise<StaffUser> {
      const emailTaken = () => new ValidationError({ email: [authMessages.emailTaken] });
      if (await emailTakenByOther(db, input.email, null)) throw emailTaken();
      // A hash of a random secret nobody ever knows: a real bcrypt hash, so that a sign-in
      // attempt on this address costs the same time as on any other.
      const unusable = await hashPassword(randomBytes(32).toString('base64url'));
      try {
        return await db.transaction(async (trx) => {
          const id = await insertUser(
            trx,
            { name: input.name, email: input.email, passwordHash: unusable, role: input.role, invited: true },
            now(),
          );
          const account = { id, name: input.name, email: input.email, role: input.role };
          const expiresAt = await invite(trx, account, actor);
          await recordActivity(
            trx,
            actor,
            {
              action: 'create',
              entity: 'user',
              entityId: id,
              label: input.name,
              changes: { email: [null, input.email], role: [null, input.role] },
            },
            now(),
          );
          await recordActivity(
            trx,
            actor,
            { action: 'invitation', entity: 'user', entityId: id, label: input.name },
            now(),
          );
          return view(trx, id, expiresAt);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw emailTaken();
        throw error;
      }
    },

    /**
     * A role, an active state or both. The last usable administrator can be neither demoted
     * nor deactivated (409), whoever asks, themself included. Deactivating refuses the
     * account's tokens from this second and voids its links; nothing of its work is deleted.
     */
    async update(id: number, input: UserUpdateInput, actor: Actor): Promise<StaffUser> {
      return db.transaction(async (trx) => {
        const admins = await usableAdmins(trx);
        const row = await findUserById(trx, id);
        if (!row) throw new NotFoundError(authMessages.userNotFound);
        const wasActive = toBool(row.active);
        const nextRole = input.role ?? row.role;
        const nextActive = input.active ?? wasActive;
        const after: UserRow = { ...row, role: nextRole, active: nextActive };
        const usableAdmin = (r: UserRow) => r.role === 'admin' && accountIsActive(r);
        if (usableAdmin(row) && !usableAdmin(after) && admins.filter((other) => other !== id).length === 0)
          throw new ConflictError(authMessages.lastAdmin);
        const at = now();
        const stamp = toDbDateTime(at);
        const changes: Record<string, unknown> = {};
        if (nextRole !== row.role) changes.role = nextRole;
        if (nextActive !== wasActive) changes.active = nextActive;
        if (Object.keys(changes).length === 0) return view(trx, id);
        await trx('users')
          .where({ id })
          .update({
            ...changes,
            // Deactivated: every token issued up to this second is refused (session.ts).
            ...(nextActive === false && wasActive ? { tokens_valid_after: stamp } : {}),
            updated_at: stamp,
          });
        if (nextActive === false && wasActive) await voidLinks(trx, id);
        const entry = { entity: 'user' as const, entityId: id, label: row.name };
        if (changes.role !== undefined)
          await recordActivity(
            trx,
            actor,
            { ...entry, action: 'role_change', changes: { role: [row.role, nextRole] } },
            at,
          );
        if (changes.active !== undefined)
          await recordActivity(
            trx,
            actor,
            {
              ...entry,
              action: nextActive ? 'reactivate' : 'deactivate',
              changes: { active: [wasActive, nextActive] },
            },
            at,
          );
        return view(trx, id);
      });
    },

    /** The invitation again, with a new link; the previous one stops working at once. */
    async resendInvitation(id: number, actor: Actor): Promise<StaffUser> {
      return db.transaction(async (trx) => {
        const row = await findUserById(trx, id);
        if (!row) throw new NotFoundError(authMessages.userNotFound);
        if (!toBool(row.invitation_pending)) throw new ConflictError(authMessages.alreadyAccepted);
        if (!toBool(row.active)) throw new ConflictError(authMessages.deactivatedNoInvitation);
        const expiresAt = await invite(trx, { id, name: row.name, email: row.email, role: row.role }, actor);
        await recordActivity(
          trx,
          actor,
          { action: 'invitation', entity: 'user', entityId: id, label: row.name },
          now(),
        );
        return view(trx, id, expiresAt);
      });
    },
  };
}
