import { useEffect, useId, useRef, useState } from 'react';
import {
  SUBMISSION_STATUS_LABELS,
  SUBMISSION_STATUSES,
  type SubmissionSortKey,
} from '#shared/schemas/submission';
import { SearchBox } from '#client/admin/kit';
import type { SubmissionFilters } from './submission-query';
import type { FilterState } from './use-submission-filters';

/** Long enough to type a word, short enough to feel immediate. */
const SEARCH_DELAY_MS = 350;

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
  const [text, setText] = useState(filters.search);
  // The value this bar last sent: a URL change from elsewhere (back button) is copied in,
  // its own echo is not (it would undo keys typed meanwhile).
  const sent = useRef(filters.search);
  const statusId = useId();
  const sortId = useId();
  const orderId = useId();

  useEffect(() => {
    if (filters.search === sent.current) return;
    sent.current = filters.search;
    setText(filters.search);
  }, [filters.search]);

  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text.trim();
      setFilters({ search: text.trim() }, { replace: true });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, setFilters]);

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
