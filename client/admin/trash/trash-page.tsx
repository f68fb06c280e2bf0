import { useCallback, useMemo, useState } from 'react';
import { formatDateTime } from '#shared/format';
import type { Paged } from '#shared/paged';
import { countOf } from '#shared/plural';
import { can, type Access } from '#shared/roles';
import { TRASH_KINDS, type TrashItem } from '#shared/trash';
import {
  ConfirmDialog,
  failureText,
  FilterSelect,
  isSessionEnd,
  PagedListScreen,
  pageRange,
  toast,
  tokenOrToast,
  TRASH_DAYS,
  usePagedList,
  useSession,
  useUrlListQuery,
  type Column,
} from '#client/admin/kit';
import { TrashActions } from './trash-actions';
import {
  daysLeftText,
  EMPTY_TEXT,
  emptiedText,
  emptyQuestion,
  emptyTrash,
  kindOptions,
  LOAD_ERROR,
  loadTrash,
  purgeItem,
  purgeQuestion,
  restoreItem,
  TRASH_PAGE_SIZE,
  trashCodec,
  trashRowActions,
  trashTotal,
  visibleKinds,
  type TrashQuery,
} from './trash-query';

const rowKey = (item: TrashItem) => `${item.kind}-${item.id}`;

/** A failure's toast (the server's refusal, e.g. a category still holding products). */
function toastFailure(error: unknown, fallback: string) {
  if (!isSessionEnd(error))
    toast({ title: 'Erreur', description: failureText(error, fallback), variant: 'destructive' });
}

/**
 * 'Corbeille' (docs/product-rules.md, "Trash"): what was deleted in the last days, of the
 * kinds the user's role deletes, newest first; 'Restaurer' brings an item back as it was,
 * the administrator purges one or empties the whole trash. The kind and the page live in
 * the address like the other lists.
 */
export function Component() {
  const session = useSession();
  const role = session.status === 'authenticated' ? session.user.role : null;
  const allowed = useCallback((access: Access) => can(role, access), [role]);
  const kinds = useMemo(() => visibleKinds(allowed), [allowed]);
  const options = useMemo(() => kindOptions(kinds), [kinds]);
  const isOperator = allowed('operator');

  const query = useUrlListQuery(trashCodec);
  // A kind the role does not see (an old link) reads as every kind it sees.
  const kind = query.query.kind && kinds.includes(query.query.kind) ? query.query.kind : '';
  const asked: TrashQuery = { ...query.query, kind };
  const list = usePagedList<TrashQuery, Paged<TrashItem>>(loadTrash, asked, {
    perPage: TRASH_PAGE_SIZE,
    errorMessage: LOAD_ERROR,
  });
  const { reload } = list;

  const [working, setWorking] = useState<string | null>(null);
  const [purging, setPurging] = useState<TrashItem | null>(null);
  const [emptying, setEmptying] = useState<number | null>(null);
  const [confirmBusy, setConfirmBusy] = useState(false);

  const restore = useCallback(
    async (item: TrashItem) => {
      if (!tokenOrToast()) return;
      setWorking(rowKey(item));
      try {
        const answer = await restoreItem(item);
        toast({ title: 'Restauration réussie', description: answer.message });
        reload();
      } catch (error) {
        toastFailure(error, "L'élément n'a pas pu être restauré. Veuillez réessayer.");
      } finally {
        setWorking(null);
      }
    },
    [reload],
  );
  const onRestore = useCallback((item: TrashItem) => void restore(item), [restore]);
  const onPurge = useCallback((item: TrashItem) => {
    if (tokenOrToast()) setPurging(item);
  }, []);

  async function confirmPurge() {
    if (!purging || confirmBusy) return;
    setConfirmBusy(true);
    try {
      const answer = await purgeItem(purging);
      toast({ title: 'Suppression définitive', description: answer.message });
      reload();
    } catch (error) {
      toastFailure(error, "L'élément n'a pas pu être supprimé. Veuillez réessayer.");
    } finally {
      setConfirmBusy(false);
      setPurging(null);
    }
  }

  async function askEmpty() {
    if (!tokenOrToast()) return;
    try {
      // The whole trash's count, whatever the filter shows: emptying takes every kind.
      const total = await trashTotal();
      if (total === 0) toast({ title: 'Corbeille', description: EMPTY_TEXT });
      else setEmptying(total);
    } catch (error) {
      toastFailure(error, LOAD_ERROR);
    }
  }

  async function confirmEmpty() {
    if (emptying === null || confirmBusy) return;
    setConfirmBusy(true);
    try {
      const answer = await emptyTrash();
      toast({ title: 'Suppression définitive', description: emptiedText(answer) });
      reload();
    } catch (error) {
      toastFailure(error, "La corbeille n'a pas pu être vidée. Veuillez réessayer.");
      reload();
    } finally {
      setConfirmBusy(false);
      setEmptying(null);
    }
  }

  const columns = useMemo<Column<TrashItem>[]>(
    () => [
      { header: 'Type', cell: (item) => TRASH_KINDS[item.kind] },
      { header: 'Élément', cell: (item) => item.label },
      { header: 'Supprimé le', cell: (item) => formatDateTime(item.deletedAt) },
      { header: 'Par', cell: (item) => item.deletedBy ?? <span className="muted">—</span> },
      { header: 'Reste', cell: (item) => daysLeftText(item.daysLeft) },
      {
        header: 'Actions',
        cell: (item) => (
          <TrashActions
            item={item}
            {...trashRowActions(allowed, item.kind)}
            busy={working === rowKey(item)}
            onRestore={onRestore}
            onPurge={onPurge}
          />
        ),
      },
    ],
    [allowed, working, onRestore, onPurge],
  );

  const page = list.page;
  return (
    <PagedListScreen
      title="Corbeille"
      lead={`Les éléments supprimés restent ici ${TRASH_DAYS} jours avant d'être effacés : vous pouvez les restaurer tels qu'ils étaient.`}
      actions={
        isOperator && (
          <button
            type="button"
            className="btn btn-danger"
            // Nothing to empty: the whole trash (no filter) answered no item.
            disabled={kind === '' && page?.total === 0}
            onClick={() => void askEmpty()}
          >
            Vider la corbeille
          </button>
        )
      }
      list={list}
      query={query}
      toolbar={
        <FilterSelect
          label="Type"
          value={kind}
          onChange={(value) => query.setQuery({ kind: value as TrashQuery['kind'] })}
          allLabel="Tous les types"
          options={options}
        />
      }
      count={
        page && (
          <p className="muted list-count" aria-live="polite">
            {pageRange(page, countOf(page.total, 'élément')) ?? countOf(page.total, 'élément')}
          </p>
        )
      }
      empty={EMPTY_TEXT}
      columns={columns}
      rowKey={rowKey}
      pagerLabel="Pagination de la corbeille"
    >
      <ConfirmDialog
        open={purging !== null}
        title="Supprimer définitivement"
        description={purging ? <p>{purgeQuestion(purging)}</p> : null}
        confirmLabel={confirmBusy ? 'Suppression...' : 'Supprimer définitivement'}
        destructive
        busy={confirmBusy}
        onConfirm={() => void confirmPurge()}
        onCancel={() => {
          if (!confirmBusy) setPurging(null);
        }}
      />
      <ConfirmDialog
        open={emptying !== null}
        title="Vider la corbeille"
        description={emptying !== null ? <p>{emptyQuestion(emptying)}</p> : null}
        confirmLabel={confirmBusy ? 'Suppression...' : 'Vider la corbeille'}
        destructive
        busy={confirmBusy}
        onConfirm={() => void confirmEmpty()}
        onCancel={() => {
          if (!confirmBusy) setEmptying(null);
        }}
      />
    </PagedListScreen>
  );
}
