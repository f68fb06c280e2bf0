import { useId } from 'react';
import { SUBMISSION_STATUS_LABELS, SUBMISSION_STATUSES } from '#shared/schemas/submission';
import type { AssignableUser } from '#shared/assignment';
import { assigneeFilterOptions, FilterSelect, type ListQueryState } from '#client/admin/kit';
import type { SubmissionFilters } from './submission-query';

/**
 * Assignee and status, beside the list's search box (name, e-mail, project title, location:
 * the server's search); each choice goes to the URL at once. The order is the columns'
 * headers' (docs/product-rules.md, "Lists of the back office").
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
    </>
  );
}
