import { SUBMISSION_STATUS_LABELS, SUBMISSION_STATUSES } from '#shared/schemas/submission';
import type { SubmissionStats } from '#shared/types';

/** Product rules, Pages and routes: the six tiles (total and one per status), counted over every submission. */
const TILES: { key: keyof SubmissionStats; label: string }[] = [
  { key: 'total', label: 'Total' },
  ...SUBMISSION_STATUSES.map((status) => ({ key: status, label: SUBMISSION_STATUS_LABELS[status] })),
];

export function SubmissionStatTiles({ stats }: { stats: SubmissionStats | null }) {
  return (
    <section aria-label="Statistiques des soumissions" className="stat-grid submission-stats">
      {TILES.map((tile) => (
        <article key={tile.key} className={`stat-card stat-${tile.key}`}>
          <h2>{tile.label}</h2>
          <p className="stat-value">{stats ? stats[tile.key] : '—'}</p>
        </article>
      ))}
    </section>
  );
}
