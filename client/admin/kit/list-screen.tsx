import { useMemo, useState, type Key, type ReactElement, type ReactNode } from 'react';
import { DataTable, type Column } from './data-table';
import { ListStates } from './list-states';
import { PageHeader } from './page-header';
import { SearchBox } from './search-box';
import type { AdminList } from './use-admin-list';
import { useDelete, type DeleteOptions } from './use-delete';
import { useSearch } from './use-search';

/**
 * A list screen of the back office (product rules, Back office: search, the columns, view/edit/
 * delete with a confirmation), in two parts: `useListScreen` holds the query, the filtered
 * rows and the deletion; `<ListScreen>` lays out the header, the search box, the list's
 * states, the table and the confirmation dialog.
 */
export type ListSource<T> = Pick<AdminList<T>, 'items' | 'status' | 'error' | 'reload'>;

export interface ListScreenState<T> {
  query: string;
  setQuery: (query: string) => void;
  /** The rows the query keeps. */
  results: T[];
  /** True while the table still shows the previous query's rows. */
  pending: boolean;
  /** Stable: asks to delete a row (hand it to rowActionsColumn's onDelete). */
  requestRemove: (row: T) => void;
  dialog: ReactElement;
}

/**
 * `searchText` must be stable (module level); a deletion reloads the list. `keep`, when
 * given, narrows the rows before the search (a filter of the URL: useUrlFilter); keep it
 * stable too (useCallback on the filter's value).
 */
export function useListScreen<T>(
  list: ListSource<T>,
  searchText: (row: T) => (string | null | undefined)[],
  remove: Omit<DeleteOptions<T>, 'onDeleted'>,
  keep?: (row: T) => boolean,
): ListScreenState<T> {
  const [query, setQuery] = useState('');
  const kept = useMemo(() => (keep ? list.items.filter(keep) : list.items), [list.items, keep]);
  const { results, pending } = useSearch(kept, query, searchText);
  const { request, dialog } = useDelete<T>({ ...remove, onDeleted: list.reload });
  return { query, setQuery, results, pending, requestRemove: request, dialog };
}

export interface ListScreenProps<T> {
  /** The page's title, also the table's caption for screen readers. */
  title: string;
  lead?: string;
  newTo?: string;
  newLabel?: string;
  searchLabel: string;
  searchPlaceholder?: string;
  list: ListSource<T>;
  screen: ListScreenState<T>;
  /** The sentence of an empty result ('Aucune catégorie trouvée'). */
  empty: string;
  /** Keep them stable (useMemo): the table's rows are memoised. */
  columns: readonly Column<T>[];
  rowKey: (row: T) => Key;
  /** The rows shown when not all results are (a page of them); the results by default. */
  rows?: readonly T[];
  /** Beside the search box (a count). */
  toolbar?: ReactNode;
  /** Below the table ('Afficher plus'). */
  children?: ReactNode;
}

export function ListScreen<T>(props: ListScreenProps<T>) {
  const { list, screen } = props;
  return (
    <>
      <PageHeader title={props.title} lead={props.lead} newTo={props.newTo} newLabel={props.newLabel} />
      <div className="list-toolbar">
        <SearchBox
          value={screen.query}
          onChange={screen.setQuery}
          label={props.searchLabel}
          placeholder={props.searchPlaceholder}
        />
        {props.toolbar}
      </div>
      <ListStates
        status={list.status}
        error={list.error}
        onRetry={list.reload}
        isEmpty={screen.results.length === 0}
        empty={props.empty}
      >
        <DataTable
          caption={props.title}
          columns={props.columns}
          rows={props.rows ?? screen.results}
          rowKey={props.rowKey}
          stale={screen.pending}
        />
        {props.children}
      </ListStates>
      {screen.dialog}
    </>
  );
}
