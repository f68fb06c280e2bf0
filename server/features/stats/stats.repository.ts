import type { Knex } from 'knex';
import type { AdminStats } from '#shared/types';
import { toNumber } from '#server/db/dialect';

/** Product rules: the dashboard's "active projects" are those whose status is 'En cours'. */
export const ACTIVE_PROJECT_STATUS = 'En cours';

async function count(db: Knex, table: string, where?: Record<string, string>): Promise<number> {
  const query = db(table).count({ n: '*' }).first();
  if (where) query.where(where);
  const row = await query;
  // COUNT(*) is a number on SQLite, a number or string on MySQL.
  return toNumber((row?.n ?? 0) as number | string);
}

/**
 * The dashboard's counts (product rules, Pages and routes and Entities). Offers are the three kinds
 * together, as the admin offers list merges them. The last three are what waits for the staff
 * (product rules, Back office): requests not yet handled, unread contact messages,
 * e-mails the outbox gave up on.
 */
export async function adminStats(db: Knex): Promise<AdminStats> {
  const [
    projects,
    activeProjects,
    products,
    parcels,
    fleet,
    goods,
    categories,
    promotions,
    submissions,
    newSubmissions,
    unreadMessages,
    failedMails,
  ] = await Promise.all([
    count(db, 'projects'),
    count(db, 'projects', { status: ACTIVE_PROJECT_STATUS }),
    count(db, 'products'),
    count(db, 'parcels'),
    count(db, 'fleet_properties'),
    count(db, 'miscellaneous_goods'),
    count(db, 'categories'),
    count(db, 'promotions'),
    count(db, 'project_submissions'),
    count(db, 'project_submissions', { status: 'new' }),
    count(db, 'contact_messages', { status: 'unread' }),
    count(db, 'outbox', { status: 'failed' }),
  ]);
  return {
    projects,
    products,
    offers: parcels + fleet + goods,
    categories,
    promotions,
    submissions,
    active_projects: activeProjects,
    unread_messages: unreadMessages,
    new_submissions: newSubmissions,
    failed_mails: failedMails,
  };
}
