import { useId } from 'react';
import {
  SUBMISSION_STATUS_LABELS,
  SUBMISSION_STATUSES,
  type SubmissionSortKey,
} from '#shared/schemas/submission';
import type { AssignableUser } from '#shared/assignment';
import { assigneeFilterOptions, FilterSelect, type ListQueryState } from '#client/admin/kit';
import type { SubmissionFilters } from './submission-query';

const SORT_LABELS: Record<SubmissionSortKey, string> = {
  created_at: 'Date',
  project_title: 'Titre du projet',
  first_name: 'Prénom',
  status: 'Statut',
};

/**
 * Assignee, status and sort, beside the list's search box (name, e-mail, project title,
 * location: the server's search); each choice goes to the URL at once.
 */
export function SubmissionFilterFields({
  query,
  users,
}: {
  query: ListQueryState<SubmissionFilters>;
  /** Who may be assigned, for the assignee filter (null while loading). */
  users: readonly AssignableUser[] | null;
}) {
  const { query: filters, setQuery: setFilters } = query;
  const statusId = useId();
  const sortId = useId();
  const orderId = useId();

  const choose =
    <K extends keyof SubmissionFilters>(key: K) =>
    (value: string) =>
      setFilters({ [key]: value } as Partial<SubmissionFilters>);

  return (
    <>
      <FilterSelect
        label="Assigné à"
        value={filters.assignee}
        onChange={choose('assignee')}
        allLabel="Toutes"
        options={assigneeFilterOptions(users ?? [], { mine: 'Mes demandes', none: 'Non assignées' })}
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
    </>
  );
}
