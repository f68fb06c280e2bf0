import type { Knex } from 'knex';
import { fromDbDate, toBool, toNumber } from '#server/db/dialect';
import { sitePhaseLabel, type SitePhase } from '#shared/site-phases';
import type { SiteSummary } from '#shared/site-updates';

/**
 * The 'Chantiers' list: every approved request, newest approved site first by its last
 * update, with the number of updates (drafts counted apart) and where the last one stands.
 * Two queries whatever the number of sites.
 */
export async function siteSummaries(db: Knex): Promise<SiteSummary[]> {
  const submissions: Record<string, unknown>[] = await db('project_submissions')
    .where({ status: 'approved' })
    .orderBy('id', 'desc')
    .select('id', 'reference', 'project_title', 'first_name', 'last_name', 'location');
  const ids = submissions.map((row) => toNumber(row.id as number));
  const updates: Record<string, unknown>[] = ids.length
    ? await db('site_updates')
        .whereIn('submission_id', ids)
        .orderBy([
          { column: 'date', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .select('submission_id', 'date', 'phase', 'progress', 'published')
    : [];
  const summaries = submissions.map((row): SiteSummary => {
    const id = toNumber(row.id as number);
    const own = updates.filter((update) => toNumber(update.submission_id as number) === id);
    const last = own[0];
    return {
      id,
      reference: (row.reference as string | null) ?? null,
      project_title: String(row.project_title),
      client_name: `${String(row.first_name)} ${String(row.last_name)}`,
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
  // Sites with recent news first, then those without any update (newest requests first).
  return summaries.sort((a, b) => (b.last_update?.date ?? '').localeCompare(a.last_update?.date ?? ''));
}
