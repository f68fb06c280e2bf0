import { memo, useMemo, type Key, type ReactNode } from 'react';
import { can, type Access } from '#shared/roles';
import { useSession } from './session';

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
}

export interface ListTableProps<T> {
  /** Names the table for screen readers (visually hidden caption). */
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  /** Dims the table while the next rows are on their way. */
  stale?: boolean;
}

export function ListTable<T>({ caption, columns: declared, rows, rowKey, stale }: ListTableProps<T>) {
  const session = useSession();
  const role = session.status === 'authenticated' ? session.user.role : null;
  // Stable while the role is: the rows' memo still holds.
  const columns = useMemo(
    () => declared.filter((column) => column.access === undefined || can(role, column.access)),
    [declared, role],
  );
  return (
    <div className="table-wrap">
      <table className={`data-table${stale ? ' is-stale' : ''}`}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Row key={rowKey(row)} row={row} columns={columns as readonly Column<unknown>[]} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const Row = memo(function Row({ row, columns }: { row: unknown; columns: readonly Column<unknown>[] }) {
  return (
    <tr>
      {columns.map((column) => (
        <td key={column.header} className={column.className} data-label={column.header}>
          {column.cell(row)}
        </td>
      ))}
    </tr>
  );
});
