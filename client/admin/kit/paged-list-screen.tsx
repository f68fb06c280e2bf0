import { useEffect, type Key, type ReactNode } from 'react';
import type { Paged } from '#shared/paged';
import type { Access } from '#shared/roles';
import { BulkBar, type BulkOptions } from './bulk-bar';
import { ListPagination, ShowMore } from './list-pagination';
import type { ListQuery, ListQueryState } from './list-query';
import { ListStates } from './list-states';
import { ListTable, type Column } from './list-table';
import { PageHeader } from './page-header';
import { pageRange } from './page-range';
import { SearchBox } from './search-box';
import type { ListSelection } from './use-list-selection';
import type { PagedList } from './use-paged-list';
import './paged-list.css';

export interface PagedListScreenProps<Q extends ListQuery, P extends Paged<unknown>> {
  /** The page's title, also the table's caption for screen readers. */
  title: string;
  lead?: string;
  newTo?: string;
  newLabel?: string;
  /** The access the 'new' button needs (PageHeader's `newAccess`). */
  newAccess?: Access;
  /** Buttons of the header ('Exporter en CSV'). */
  actions?: ReactNode;
  /** Between the header and the toolbar (counts, a notice). */
  above?: ReactNode;
  list: PagedList<P>;
  query: ListQueryState<Q>;
  /** The search box; omitted, none (the outbox). */
  search?: { label: string; placeholder?: string };
  /** In the toolbar, before the search box (the messages' views). */
  beforeSearch?: ReactNode;
  /** In the toolbar, after the search box: filters, a count. */
  toolbar?: ReactNode;
  /** An extra class of the toolbar ('submission-filters'). */
  toolbarClassName?: string;
  /** Between the toolbar and the list (a preview). */
  beforeList?: ReactNode;
  /** Above the table, once rows are there ('1 à 15 sur 31'). */
  count?: ReactNode;
  /** The sentence of an empty result ('Aucune catégorie trouvée'). */
  empty: string;
  /** Keep them stable (useMemo): the table's rows are memoised. */
  columns: readonly Column<P['data'][number]>[];
  rowKey: (row: P['data'][number]) => Key;
  /** The pagination's name for screen readers ('Pagination des messages'). */
  pagerLabel?: string;
  /** Ticked rows (useListSelection): a checkbox per row and one for the page. */
  selection?: ListSelection<P['data'][number]>;
  /** The bulk actions' bar, drawn above the table while rows are ticked (needs `selection`). */
  bulk?: BulkOptions<P['data'][number]>;
  /** The filtered list as the API reads it, for 'Tout sélectionner (N)' (server lists: codec.apiParams). */
  bulkFilter?: Record<string, string>;
  /** What a row's checkbox names: 'Sélectionner {rowLabel(row)}'. */
  rowLabel?: (row: P['data'][number]) => string;
  /** Dialogs (deletion, detail). */
  children?: ReactNode;
}

/**
 * The one list screen of the back office (product rules, Back office: search, the columns,
 * view/edit/delete with a confirmation): the header, the toolbar (search box and filters),
 * the list's states (spinner, error with 'Réessayer', the empty sentence), the table and
 * the pager of a `usePagedList`.
 */
export function PagedListScreen<Q extends ListQuery, P extends Paged<unknown>>(
  props: PagedListScreenProps<Q, P>,
) {
  const { list, query } = props;
  const { page } = list;
  const { setQuery } = query;
  const asked = query.query.page;

  // A page past the end (its last row was deleted, or an old link): the last one instead.
  useEffect(() => {
    if (list.pager !== 'pages' || list.status !== 'ready' || !page || list.stale) return;
    if (page.total > 0 && page.data.length === 0 && asked > page.last_page)
      setQuery({ page: page.last_page } as Partial<Q>, { replace: true });
  }, [list.pager, list.status, list.stale, page, asked, setQuery]);

  const hasToolbar = props.search || props.beforeSearch || props.toolbar;
  // A list sorted by the server (its query carries `sort`): sortable headers and the total.
  const sorted = (query.query as Partial<Record<'sort', unknown>>).sort;
  const sort =
    typeof sorted === 'string'
      ? { current: sorted, onSort: (next: string) => setQuery({ sort: next } as unknown as Partial<Q>) }
      : undefined;
  const range = page && sort ? pageRange(page) : null;
  const count = props.count ?? (range ? <p className="list-count">{range}</p> : null);
  return (
    <>
      <PageHeader
        title={props.title}
        lead={props.lead}
        newTo={props.newTo}
        newLabel={props.newLabel}
        newAccess={props.newAccess}
      >
        {props.actions}
      </PageHeader>
      {props.above}
      {hasToolbar && (
        <div className={props.toolbarClassName ? `list-toolbar ${props.toolbarClassName}` : 'list-toolbar'}>
          {props.beforeSearch}
          {props.search && (
            <SearchBox
              value={query.searchText}
              onChange={query.setSearchText}
              label={props.search.label}
              placeholder={props.search.placeholder}
            />
          )}
          {props.toolbar}
        </div>
      )}
      {props.beforeList}
      <ListStates
        status={list.status}
        error={list.error}
        onRetry={list.reload}
        isEmpty={list.rows.length === 0}
        empty={props.empty}
      >
        {count}
        {props.selection && props.bulk && (
          <BulkBar
            bulk={props.bulk}
            selection={props.selection}
            page={page}
            filter={props.bulkFilter ?? {}}
            onDone={list.reload}
          />
        )}
        <ListTable
          caption={props.title}
          columns={props.columns}
          rows={list.rows}
          rowKey={props.rowKey}
          stale={list.stale}
          sort={sort}
          selection={props.selection}
          rowLabel={props.rowLabel}
        />
        {page && list.pager === 'pages' && (
          <ListPagination
            page={page.current_page}
            lastPage={page.last_page}
            onPage={(next) => setQuery({ page: next } as Partial<Q>)}
            label={props.pagerLabel ?? `Pagination : ${props.title}`}
          />
        )}
        {page && list.pager === 'more' && page.data.length < page.total && (
          <ShowMore onMore={() => setQuery({ page: asked + 1 } as Partial<Q>)} />
        )}
      </ListStates>
      {props.children}
    </>
  );
}
