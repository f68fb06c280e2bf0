/** Progress as a bar with its number, for the staff's lists (the client's page has its own). */
export function SiteProgress({ value, label }: { value: number; label: string }) {
  return (
    <span className="site-progress-cell">
      <progress max={100} value={value} aria-label={label} /> {value} %
    </span>
  );
}

/** 'Publiée' or 'Brouillon', as the updates list and the Chantiers list show them. */
export function PublishedBadge({ published }: { published: boolean }) {
  return (
    <span className={`badge ${published ? 'status-active' : 'status-waiting'}`}>
      {published ? 'Publiée' : 'Brouillon'}
    </span>
  );
}
