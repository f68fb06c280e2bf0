import type { Knex } from 'knex';
import { can, type Access } from '#shared/roles';
import type { AdminStats } from '#shared/types';
import { toNumber } from '#server/db/dialect';
import { whereNotTrashed } from '#server/db/visibility';

/** Product rules: the dashboard's "active projects" are those whose status is 'En cours'. */
export const ACTIVE_PROJECT_STATUS = 'En cours';

/** The outbox has no trash; every other table counted here does, and trashed rows do not count. */
async function count(db: Knex, table: string, where?: Record<string, string>): Promise<number> {
  const query = db(table).count({ n: '*' }).first();
  if (table !== 'outbox') whereNotTrashed(query);
  if (where) query.where(where);
  const row = await query;
  // COUNT(*) is a number on SQLite, a number or string on MySQL.
  return toNumber((row?.n ?? 0) as number | string);
}

type Counts = Partial<AdminStats>;

/**
 * Each group of counts and the access that reads it: a role gets the groups of its
 * accesses, and the queries of the others are not even run. The catalogue's counts are
 * no secret (the public site shows the same rows) but they are not a site manager's work;
 * requests and messages are the leads' (their numbers tell the business's volume); failed
 * mails are the operator's, who alone reads the outbox.
 */
/** What the counts need to know of the configuration. */
export interface StatsContext {
  smtpConfigured: boolean;
}

const GROUPS: { access: Access; counts: (db: Knex, context: StatsContext) => Promise<Counts> }[] = [
  {
    // Offers are the three kinds together, as the admin offers list merges them.
    access: 'catalogueRead',
    counts: async (db) => {
      const [projects, activeProjects, products, parcels, fleet, goods, categories, promotions] =
        await Promise.all([
          count(db, 'projects'),
          count(db, 'projects', { status: ACTIVE_PROJECT_STATUS }),
          count(db, 'products'),
          count(db, 'parcels'),
          count(db, 'fleet_properties'),
          count(db, 'miscellaneous_goods'),
          count(db, 'categories'),
          count(db, 'promotions'),
        ]);
      return {
        projects,
        active_projects: activeProjects,
        products,
        offers: parcels + fleet + goods,
        categories,
        promotions,
      };
    },
  },
  {
    access: 'leads',
    counts: async (db) => {
      const [submissions, newSubmissions, unreadMessages] = await Promise.all([
        count(db, 'project_submissions'),
        count(db, 'project_submissions', { status: 'new' }),
        count(db, 'contact_messages', { status: 'unread' }),
      ]);
      return { submissions, new_submissions: newSubmissions, unread_messages: unreadMessages };
    },
  },
  {
    // The 'Chantiers' screen lists the approved requests (docs/product-rules.md, "Site updates").
    access: 'sites',
    counts: async (db) => ({ sites: await count(db, 'project_submissions', { status: 'approved' }) }),
  },
  {
    // Mail that never left is what the operator must see first: without SMTP_URL every mail
    // waits, clients' tracking links among them, and none is counted as failed.
    access: 'operator',
    counts: async (db, context) => {
      const [failed, pending, sending] = await Promise.all([
        count(db, 'outbox', { status: 'failed' }),
        count(db, 'outbox', { status: 'pending' }),
        count(db, 'outbox', { status: 'sending' }),
      ]);
      return {
        failed_mails: failed,
        waiting_mails: pending + sending,
        smtp_configured: context.smtpConfigured,
      };
    },
  },
];

/**
 * The dashboard's counts for a role (product rules, Pages and routes and Entities; product
 * rules, Back office: requests not yet handled, unread contact messages, e-mails the outbox
 * gave up on are what waits for the staff).
 */
export async function adminStats(db: Knex, role: string, context: StatsContext): Promise<AdminStats> {
  const groups = await Promise.all(
    GROUPS.filter((group) => can(role, group.access)).map((group) => group.counts(db, context)),
  );
  return Object.assign({}, ...groups) as AdminStats;
}
