import type { Knex } from 'knex';
import { fromDbDate, toBool, toNumber } from '#server/db/dialect';
import { sitePhaseLabel, type SitePhase } from '#shared/site-phases';
import type { SiteSummary } from '#shared/site-updates';
import { approvedSubmissions } from '#server/features/submissions';
import { updatesOfSubmissions } from './site-updates.repository';

/**
 * The 'Chantiers' list: every approved request, newest approved site first by its last
 * update, with the number of updates (drafts counted apart) and where the last one stands.
 * Two queries whatever the number of sites.
 */
export async function siteSummaries(db: Knex): Promise<SiteSummary[]> {
  const submissions = await approvedSubmissions(db);
  const updates = await updatesOfSubmissions(
    db,
    submissions.map((row) => row.id),
  );
  const summaries = submissions.map((row): SiteSummary => {
    const id = row.id;
    const own = updates.filter((update) => toNumber(update.submission_id as number) === id);
    const last = own[0];
    return {
      id,
      reference: row.reference,
      project_title: row.project_title,
      client_name: `${row.first_name} ${row.last_name}`,
      phone: row.phone,
      location: row.location,
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
  // Sites with recent news first, then those without any update (newest requests first).
  return summaries.sort((a, b) => (b.last_update?.date ?? '').localeCompare(a.last_update?.date ?? ''));
}
