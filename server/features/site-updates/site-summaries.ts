import type { Knex } from 'knex';
import { fromDbDate, toBool, toNumber } from '#server/db/dialect';
import { listPage, type ListSpec } from '#server/db/list-page';
import { whereNotTrashed } from '#server/db/visibility';
import { sitePhaseLabel, type SitePhase } from '#shared/site-phases';
import type { SiteListQuery, SiteSort } from '#shared/schemas/site-update';
import type { SiteSummary } from '#shared/site-updates';
import { approvedSubmissionsQuery } from '#server/features/submissions';
import { updatesOfSubmissions } from './site-updates.repository';

/**
 * The 'Chantiers' list (docs/product-rules.md, "Site updates"): the approved requests, a page
 * at a time, by default those with the latest news first (then those without any update,
 * newest requests first), each with the number of its updates (drafts counted apart) and
 * where the last one stands. Three queries whatever the number of sites: the page, the
 * count and the page's updates.
 */
const SUBMISSION = 'project_submissions';

/** The latest update of the row's request, out of the trash, as the tracking page reads it. */
function latestUpdate(db: Knex): Knex.QueryBuilder {
  return whereNotTrashed(db('site_updates as u'), 'u').whereRaw('?? = ??', [
    'u.submission_id',
    `${SUBMISSION}.id`,
  ]);
}

const SITES_LIST: ListSpec<SiteSort> = {
  search: [
    `${SUBMISSION}.reference`,
    `${SUBMISSION}.first_name`,
    `${SUBMISSION}.last_name`,
    `${SUBMISSION}.location`,
    `${SUBMISSION}.project_title`,
  ],
  sorts: {
    reference: `${SUBMISSION}.reference`,
    // As the list shows the name: first name, then last name.
    client: [`${SUBMISSION}.first_name`, `${SUBMISSION}.last_name`],
    // The select's aliases (see `siteSummaries`); a site without any update comes last.
    last_update: 'last_update_date',
    progress: 'last_update_progress',
  },
  id: `${SUBMISSION}.id`,
};

interface SiteRow {
  id: number | string;
  reference: string | null;
  project_title: string;
  first_name: string;
  last_name: string;
  phone: string;
  location: string;
}

export async function siteSummaries(
  db: Knex,
  query: SiteListQuery,
): Promise<{ rows: SiteSummary[]; total: number }> {
  const lastDate = latestUpdate(db).max('u.date');
  const lastProgress = latestUpdate(db)
    .select('u.progress')
    .orderBy([
      { column: 'u.date', order: 'desc' },
      { column: 'u.id', order: 'desc' },
    ])
    .limit(1);
  const { rows, total } = await listPage<SiteRow, SiteSort>(
    () => approvedSubmissionsQuery(db),
    [
      ...['id', 'reference', 'project_title', 'first_name', 'last_name', 'phone', 'location'].map(
        (column) => `${SUBMISSION}.${column}`,
      ),
      db.raw('(?) as ??', [lastDate, 'last_update_date']),
      db.raw('(?) as ??', [lastProgress, 'last_update_progress']),
    ],
    query,
    SITES_LIST,
  );
  const updates = await updatesOfSubmissions(
    db,
    rows.map((row) => toNumber(row.id)),
  );
  const summaries = rows.map((row): SiteSummary => {
    const id = toNumber(row.id);
    // Newest first (updatesOfSubmissions' order): the first is the latest.
    const own = updates.filter((update) => toNumber(update.submission_id as number) === id);
    const last = own[0];
    return {
      id,
      reference: row.reference ?? null,
      project_title: String(row.project_title),
      client_name: `${row.first_name} ${row.last_name}`,
      phone: String(row.phone),
      location: String(row.location),
      updates_count: own.length,
      drafts_count: own.filter((update) => !toBool(update.published)).length,
      last_update: last
        ? {
            date: fromDbDate(last.date as string) ?? '',
            phase: String(last.phase) as SitePhase,
            phase_label: sitePhaseLabel(String(last.phase)),
            progress: toNumber(last.progress as number),
            published: toBool(last.published),
          }
        : null,
    };
  });
  return { rows: summaries, total };
}
