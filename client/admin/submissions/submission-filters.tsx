import { useCallback, useId } from 'react';
import {
  SUBMISSION_STATUS_LABELS,
  SUBMISSION_STATUSES,
  type SubmissionSortKey,
} from '#shared/schemas/submission';
import { SearchBox, useUrlSearch } from '#client/admin/kit';
import type { SubmissionFilters } from './submission-query';
import type { FilterState } from './use-submission-filters';

const SORT_LABELS: Record<SubmissionSortKey, string> = {
  created_at: 'Date',
  project_title: 'Titre du projet',
  first_name: 'Prénom',
  status: 'Statut',
};

/**
 * Search (name, e-mail, project title, location: the server's search), status and sort.
 * The search goes to the URL once typing pauses; the other choices at once.
 */
export function SubmissionFilterBar({ filters, setFilters }: Pick<FilterState, 'filters' | 'setFilters'>) {
  const commitSearch = useCallback(
    (search: string) => setFilters({ search }, { replace: true }),
    [setFilters],
  );
  const [text, setText] = useUrlSearch(filters.search, commitSearch);
  const statusId = useId();
  const sortId = useId();
  const orderId = useId();

  const choose =
    <K extends keyof SubmissionFilters>(key: K) =>
    (value: string) =>
      setFilters({ [key]: value } as Partial<SubmissionFilters>);

  return (
    <div className="list-toolbar submission-filters">
      <SearchBox
        value={text}
        onChange={setText}
        label="Rechercher une soumission"
        placeholder="Référence, nom, email ou titre du projet"
      />
      <div className="filter-field">
        <label htmlFor={statusId}>Statut</label>
        <select
          id={statusId}
          value={filters.status}
          onChange={(event) => choose('status')(event.target.value)}
        >
          <option value="all">Tous les statuts</option>
          {SUBMISSION_STATUSES.map((status) => (
            <option key={status} value={status}>
              {SUBMISSION_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-field">
        <label htmlFor={sortId}>Trier par</label>
        <select
          id={sortId}
          value={filters.sort_by}
          onChange={(event) => choose('sort_by')(event.target.value)}
        >
          {(Object.keys(SORT_LABELS) as SubmissionSortKey[]).map((key) => (
            <option key={key} value={key}>
              {SORT_LABELS[key]}
            </option>
          ))}
        </select>
      </div>
      <div className="filter-field">
        <label htmlFor={orderId}>Ordre</label>
        <select
          id={orderId}
          value={filters.sort_order}
          onChange={(event) => choose('sort_order')(event.target.value)}
        >
          <option value="desc">Décroissant</option>
          <option value="asc">Croissant</option>
        </select>
      </div>
    </div>
  );
}
