import type { ContactMessageFilter, ContactMessageStats } from '#shared/contact-message-rules';
import { countOf } from '#shared/plural';

/** The three views of the inbox (docs/product-rules.md, "Messages inbox"). */
const VIEWS: { status: ContactMessageFilter; label: string }[] = [
  { status: 'unread', label: 'Non lus' },
  { status: 'all', label: 'Tous' },
  { status: 'archived', label: 'Archivés' },
];

export function MessageViews({
  current,
  onChoose,
}: {
  current: ContactMessageFilter;
  onChoose: (status: ContactMessageFilter) => void;
}) {
  return (
    <div className="message-views" role="group" aria-label="Afficher">
      {VIEWS.map((view) => (
        <button
          key={view.status}
          type="button"
          className={`btn btn-small ${current === view.status ? 'btn-primary' : 'btn-outline'}`}
          aria-pressed={current === view.status}
          onClick={() => onChoose(view.status)}
        >
          {view.label}
        </button>
      ))}
    </div>
  );
}

/** '12 messages · 3 non lus · 1 archivé'. */
export function MessageStats({ stats }: { stats: ContactMessageStats }) {
  return (
    <p className="muted" aria-live="polite">
      {countOf(stats.total, 'message')} · {countOf(stats.unread, 'non lu')} ·{' '}
      {countOf(stats.archived, 'archivé')}
    </p>
  );
}
