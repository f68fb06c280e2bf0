import { memo, useMemo, type Key, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { can, type Access } from '#shared/roles';
import { followRowLink } from './row-link';
import { nextSort, sortState } from './server-list';
import { useSession } from './session';
import { useLate } from './use-late';
import type { ListSelection } from './use-list-selection';

/**
 * The table of a list screen (PagedListScreen draws it; screens only declare its columns).
 * Rows are memoised: when a filter narrows the list, the rows that stay are not rendered
 * again. Keep `columns` stable (module level or useMemo) and the row objects unchanged
 * between renders, or the memo cannot help.
 */
export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** e.g. 'num' (right-aligned figures), 'actions'. */
  className?: string;
  /** A column only a role with this access sees (a write control: 'Publier une mise à jour'). */
  access?: Access;
  /** The API's sort key of a list sorted by the server: the header becomes a button sorting by it. */
  sort?: string;
}

export interface ListTableProps<T> {
  /** Names the table for screen readers (visually hidden caption). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** The next rows are on their way: the table dims if they take long enough to be seen (useLate). */
  stale?: boolean;
  /** The list's sort (`-created_at`) and how to change it: sortable headers. */
  sort?: { current: string; onSort: (sort: string) => void };
  /** A checkbox per row and one for the page (bulk actions). */
  selection?: ListSelection<T>;
  /** What a row's checkbox names ('Sélectionner Ciment'). */
  rowLabel?: (row: T) => string;
}

export function ListTable<T>({
  caption,
  columns: declared,
  rows,
  rowKey,
  stale,
  sort,
  selection,
  rowLabel,
}: ListTableProps<T>) {
  const session = useSession();
  const navigate = useNavigate();
  const role = session.status === 'authenticated' ? session.user.role : null;
  const dimmed = useLate(stale === true);
  // Stable while the role is: the rows' memo still holds.
  const columns = useMemo(
    () => declared.filter((column) => column.access === undefined || can(role, column.access)),
    [declared, role],
  );
  return (
    <div className="table-wrap">
      {/* The rows' links (RowLink) are followed here, once for the table. */}
      <table
        className={`data-table${dimmed ? ' is-stale' : ''}`}
        onClick={(event) => followRowLink(event, navigate)}
      >
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {selection && (
              <th scope="col" className="select-cell">
                <PageCheckbox selection={selection} rows={rows} caption={caption} />
              </th>
            )}
            {columns.map((column) => (
              <HeaderCell key={column.header} column={column} sort={sort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Row
              key={rowKey(row)}
              row={row}
              columns={columns as readonly Column<unknown>[]}
              selected={selection ? selection.isSelected(selection.idOf(row)) : undefined}
              onToggle={selection?.toggle as ((row: unknown) => void) | undefined}
              checkLabel={
                selection ? `Sélectionner ${rowLabel ? rowLabel(row) : String(rowKey(row))}` : undefined
              }
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function HeaderCell<T>({ column, sort }: { column: Column<T>; sort: ListTableProps<T>['sort'] }) {
  if (!sort || !column.sort) {
    return (
      <th scope="col" className={column.className}>
        {column.header}
      </th>
    );
  }
  const key = column.sort;
  const state = sortState(sort.current, key);
  return (
    <th scope="col" className={column.className} aria-sort={state}>
      <button type="button" className="sort-button" onClick={() => sort.onSort(nextSort(sort.current, key))}>
        {column.header}
        <span className="sort-mark" aria-hidden="true">
          {state === 'ascending' ? '▲' : state === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

function PageCheckbox<T>({
  selection,
  rows,
  caption,
}: {
  selection: ListSelection<T>;
  rows: readonly T[];
  caption: string;
}) {
  const state = selection.pageState(rows);
  return (
    <input
      type="checkbox"
      aria-label={`Sélectionner toute la page : ${caption}`}
      checked={state === 'all'}
      ref={(input) => {
        if (input) input.indeterminate = state === 'some';
      }}
      disabled={rows.length === 0}
      onChange={() => selection.togglePage(rows)}
    />
  );
}

const Row = memo(function Row({
  row,
  columns,
  selected,
  onToggle,
  checkLabel,
}: {
  row: unknown;
  columns: readonly Column<unknown>[];
  selected: boolean | undefined;
  onToggle: ((row: unknown) => void) | undefined;
  checkLabel: string | undefined;
}) {
  return (
    <tr className={selected ? 'is-selected' : undefined}>
      {onToggle && (
        <td className="select-cell">
          <input
            type="checkbox"
            aria-label={checkLabel}
            checked={selected ?? false}
            onChange={() => onToggle(row)}
          />
        </td>
      )}
      {columns.map((column) => (
        <td key={column.header} className={column.className} data-label={column.header}>
          {column.cell(row)}
        </td>
      ))}
    </tr>
  );
});
