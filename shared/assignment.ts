import { ACCESS, ROLE_LABELS, type Role } from './roles';

/**
 * Who follows a project request or a contact message (docs/product-rules.md, "Assignment"):
 * the rules the server and the back office share. zod-free, like the other rule modules.
 */

/** Those who may be assigned are those who work the requests: the roles with the leads access. */
export const ASSIGNABLE_ROLES: readonly Role[] = ACCESS.leads;

/** The assignee as a row of the lists and the detail dialogs carry it. */
export interface Assignee {
  id: number;
  name: string;
}

/** GET /api/admin/assignees: the choices of the select. */
export interface AssignableUser extends Assignee {
  role: Role;
  role_label: string;
}

export interface AssignableUsersAnswer {
  success: true;
  data: AssignableUser[];
}

/** `?assignee=` of the lists: the signed-in user, nobody, or one user by id. */
export type AssigneeFilter = 'me' | 'none' | number;

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role];
}

/** '', absent: no filter (undefined); 'me', 'none' or a positive id; anything else: null (refused). */
export function parseAssigneeFilter(raw: unknown): AssigneeFilter | undefined | null {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') return null;
  const value = raw.trim().toLowerCase();
  if (value === '' || value === 'all') return undefined;
  if (value === 'me' || value === 'none') return value;
  if (!/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2 ** 31 - 1 ? id : null;
}

export const assignmentMessages = {
  userRequired: 'Choisissez la personne à qui confier ce dossier, ou null pour le retirer (user_id).',
  /** A bulk assignment without `assignee_id` (docs/product-rules.md, "Bulk actions"). */
  bulkUserRequired:
    'Choisissez la personne à qui confier ces dossiers, ou null pour les retirer (assignee_id).',
  userInvalid:
    'Cette personne ne peut pas suivre un dossier : choisissez un administrateur ou un commercial actif.',
  filterInvalid: "Filtre « assigné à » invalide : me, none ou l'identifiant d'un utilisateur.",
  submissionAssigned: 'Demande assignée.',
  submissionUnassigned: "La demande n'est plus assignée.",
  messageAssigned: 'Message assigné.',
  messageUnassigned: "Le message n'est plus assigné.",
} as const;
