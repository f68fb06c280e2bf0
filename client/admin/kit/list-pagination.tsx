/**
 * Product rules, Pages and routes: Précédent / Suivant and 'Page X sur Y', only when there
 * is more than one page. PagedListScreen draws it for a list paged by pages.
 */
export function ListPagination({
  page,
  lastPage,
  onPage,
  label,
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  label: string;
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

/** 'Afficher plus' (the products): the next page joins the rows shown, while some are left. */
export function ShowMore({ onMore }: { onMore: () => void }) {
  return (
    <div className="list-more">
      <button type="button" className="btn btn-outline" onClick={onMore}>
        Afficher plus
      </button>
    </div>
  );
}
