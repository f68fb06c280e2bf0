import { useEffect, useId, useMemo, useState } from 'react';
import { actionLabel, activityValue, ACTIVITY_FIELDS, entityLabel, type ActivityRow } from '#shared/activity';
import { formatDateTime } from '#shared/format';
import { countOf } from '#shared/plural';
import {
  adminApi,
  CsvExportButton,
  FilterSelect,
  isSessionEnd,
  PagedListScreen,
  pageRange,
  usePagedList,
  useUrlListQuery,
  type Column,
  RowLink,
} from '#client/admin/kit';
import {
  ACTION_OPTIONS,
  ENTITY_OPTIONS,
  filterQuery,
  JOURNAL_PAGE_SIZE,
  journalCodec,
  loadJournal,
  LOAD_ERROR,
  recordHref,
  type JournalFilters,
} from './journal-query';
import './journal.css';

/** A value longer than this is shortened in the table; the CSV keeps it whole. */
const VALUE_MAX = 60;
const rowKey = (row: ActivityRow) => row.id;

function Changes({ row }: { row: ActivityRow }) {
  const entries = Object.entries(row.changes ?? {});
  if (entries.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="journal-changes">
      {entries.map(([field, [before, after]]) => {
        const full = `${activityValue(field, before)} → ${activityValue(field, after)}`;
        return (
          <li key={field} title={full}>
            <span className="journal-field">{ACTIVITY_FIELDS[field] ?? field}</span> :{' '}
            {activityValue(field, before, VALUE_MAX)} → {activityValue(field, after, VALUE_MAX)}
          </li>
        );
      })}
    </ul>
  );
}

function Element({ row }: { row: ActivityRow }) {
  const href = recordHref(row);
  const label = row.label ?? (row.entity_id ? `n° ${row.entity_id}` : '');
  // One element: the phone layout sets each cell's content beside its column's name.
  return (
    <span>
      <span className="journal-entity">{entityLabel(row.entity)}</span>{' '}
      {href && label ? <RowLink to={href}>{label}</RowLink> : label}
    </span>
  );
}

/** A date bound of the filters: a labelled date field, '' when cleared. */
function DayFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
}) {
  const id = useId();
  return (
    <div className="list-filter">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** The people who appear in the log, for the user filter (deactivated accounts included). */
function useLogUsers(): { value: string; label: string }[] {
  const [users, setUsers] = useState<{ value: string; label: string }[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    adminApi<{ data: { id: number; name: string }[] }>('/admin/activity/users', { signal: controller.signal })
      .then((answer) => setUsers(answer.data.map((user) => ({ value: String(user.id), label: user.name }))))
      .catch((error: unknown) => {
        // The list works without the choices: a failure leaves only 'Tous'.
        if (!controller.signal.aborted && !isSessionEnd(error)) setUsers([]);
      });
    return () => controller.abort();
  }, []);
  return users;
}

/**
 * 'Journal' (docs/product-rules.md, "Activity log"): who did what in the back office,
 * newest first (or oldest first: 'Date' clicked), with the changed fields' old and new
 * values; a search of labels and users, filters by user, element, action and days, all in
 * the address and read by the server ("Lists of the back office"); the CSV export holds
 * what the search and filters keep, in the same order.
 */
export function Component() {
  const query = useUrlListQuery(journalCodec);
  const list = usePagedList(loadJournal, query.query, {
    perPage: JOURNAL_PAGE_SIZE,
    errorMessage: LOAD_ERROR,
  });
  const users = useLogUsers();
  const { user, entity, action, from, to } = query.query;
  const filters: JournalFilters = { user, entity, action, from, to };
  const set = (change: Partial<JournalFilters>) => query.setQuery(change);

  const columns = useMemo<Column<ActivityRow>[]>(
    () => [
      {
        header: 'Date',
        sort: 'created_at',
        cell: (row) => formatDateTime(row.created_at),
        className: 'journal-date',
      },
      { header: 'Utilisateur', cell: (row) => row.user_name ?? <span className="muted">—</span> },
      { header: 'Action', cell: (row) => actionLabel(row.action) },
      { header: 'Élément', cell: (row) => <Element row={row} /> },
      { header: 'Modifications', cell: (row) => <Changes row={row} /> },
    ],
    [],
  );

  const page = list.page;
  return (
    <PagedListScreen
      title="Journal d'activité"
      lead="Qui a fait quoi dans l'administration : créations, modifications, suppressions, changements de statut, connexions."
      actions={
        <CsvExportButton
          path="/admin/activity/export.csv"
          query={filterQuery({ ...filters, search: query.query.search, sort: query.query.sort })}
          fallbackName="journal-activite.csv"
        />
      }
      list={list}
      query={query}
      toolbarClassName="journal-filters"
      search={{ label: 'Rechercher (libellé ou utilisateur)' }}
      toolbar={
        <>
          <FilterSelect
            label="Utilisateur"
            value={user}
            onChange={(value) => set({ user: value })}
            allLabel="Tous"
            options={users}
          />
          <FilterSelect
            label="Élément"
            value={entity}
            onChange={(value) => set({ entity: value as JournalFilters['entity'] })}
            allLabel="Tous"
            options={ENTITY_OPTIONS}
          />
          <FilterSelect
            label="Action"
            value={action}
            onChange={(value) => set({ action: value as JournalFilters['action'] })}
            allLabel="Toutes"
            options={ACTION_OPTIONS}
          />
          <DayFilter label="Du" value={from} onChange={(day) => set({ from: day })} />
          <DayFilter label="Au" value={to} onChange={(day) => set({ to: day })} />
        </>
      }
      count={
        page && (
          <p className="muted list-count" aria-live="polite">
            {pageRange(page, countOf(page.total, 'ligne')) ?? countOf(page.total, 'ligne')}
          </p>
        )
      }
      empty="Aucune activité pour ces filtres"
      columns={columns}
      rowKey={rowKey}
      pagerLabel="Pagination du journal"
    />
  );
}
