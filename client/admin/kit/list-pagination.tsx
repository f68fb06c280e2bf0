/** Product rules, Pages and routes: Précédent / Suivant and 'Page X sur Y', only when there is more than one page. */
export function ListPagination({
  page,
  lastPage,
  onPage,
  label = 'Pagination des soumissions',
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  label?: string;
}) {
  if (lastPage <= 1) return null;
  return (
    <nav className="list-pagination" aria-label={label}>
      <button
        type="button"
        className="btn btn-outline btn-small"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
      >
        Précédent
      </button>
      <p aria-live="polite">
        Page {page} sur {lastPage}
      </p>
      <button
        type="button"
        className="btn btn-outline btn-small"
        onClick={() => onPage(page + 1)}
        disabled={page >= lastPage}
      >
        Suivant
      </button>
    </nav>
  );
}
