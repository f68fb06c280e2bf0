/**
 * The staff's roles and what each may do (docs/product-rules.md, "Roles and access").
 * One table for the server's guards and the back office's screens and buttons, so the
 * two cannot disagree: a guard names an access, never a list of roles.
 */

export const ROLES = ['admin', 'commercial', 'chantier', 'editeur'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Administrateur',
  commercial: 'Commercial',
  chantier: 'Conducteur de travaux',
  editeur: 'Éditeur',
};

/**
 * Each access and the roles that have it. Least privilege: a role gets what its work needs.
 * - operator: users, activity log, outbox, diagnostics, metrics-like screens, accounts, and
 *   deleting a project request or a contact message: it destroys a client's record and
 *   files for good, so it stays with the manager rather than with the leads access.
 * - leads: project requests, contact messages, tracking links, statuses, client messages,
 *   zips and CSV exports, assignment; personal data of clients. A role with it also reads
 *   the site updates of any request, not only the approved ones (sites).
 * - catalogue: writes of products, categories, projects, offers, promotions, testimonials,
 *   image uploads.
 * - catalogueRead: the staff's reads of that content (drafts and unpublished included).
 * - sites: the 'Chantiers' screen, reading the site updates of approved requests with the
 *   requests' title, client name, phone and location only; a role without leads reaches no
 *   other request (server/features/site-updates/site-updates.routes.ts).
 * - dashboard (below) includes GET /admin/stats, whose counts each role gets only for its
 *   own accesses (server/features/stats/stats.repository.ts).
 * - sitesWrite: posting, editing and deleting site updates.
 * - dashboard: the back office's home and one's own profile.
 * - trash: the 'Corbeille' screen, for the roles that delete something; each sees and
 *   restores only the kinds it may delete (TRASH_ACCESS in shared/trash.ts), and purging
 *   for good stays with operator.
 * - statistics: the site's audience and conversions (`/admin/statistiques`): the people who
 *   sell read them; no figure there names a person.
 */
export const ACCESS = {
  operator: ['admin'],
  leads: ['admin', 'commercial'],
  catalogue: ['admin', 'editeur'],
  catalogueRead: ['admin', 'editeur', 'commercial'],
  sites: ['admin', 'commercial', 'chantier'],
  sitesWrite: ['admin', 'chantier'],
  dashboard: ['admin', 'commercial', 'chantier', 'editeur'],
  trash: ['admin', 'editeur', 'chantier'],
  statistics: ['admin', 'commercial'],
} as const satisfies Record<string, readonly Role[]>;

export type Access = keyof typeof ACCESS;

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether a role (as the session carries it, possibly an unknown string) has an access. */
export function can(role: string | null | undefined, access: Access): boolean {
  return isRole(role) && (ACCESS[access] as readonly Role[]).includes(role);
}

/** The 403 of a signed-in user outside a route's roles. */
export const FORBIDDEN_MESSAGE = "Vous n'avez pas les droits nécessaires pour cette action.";
