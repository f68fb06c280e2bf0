import type { TrashItem } from '#shared/trash';

/**
 * A trash row's buttons (trashRowActions says which the role gets); each names its item
 * for screen readers ('Restaurer Ciment'), the visible text stays short.
 */
export function TrashActions({
  item,
  restore,
  purge,
  busy,
  onRestore,
  onPurge,
}: {
  item: TrashItem;
  restore: boolean;
  purge: boolean;
  busy: boolean;
  onRestore: (item: TrashItem) => void;
  onPurge: (item: TrashItem) => void;
}) {
  if (!restore && !purge) return null;
  return (
    <div className="row-actions">
      {restore && (
        <button
          type="button"
          className="btn btn-outline btn-small"
          disabled={busy}
          onClick={() => onRestore(item)}
          aria-label={`Restaurer ${item.label}`}
        >
          Restaurer
        </button>
      )}
      {purge && (
        <button
          type="button"
          className="btn btn-small btn-delete"
          disabled={busy}
          onClick={() => onPurge(item)}
          aria-label={`Supprimer définitivement ${item.label}`}
        >
          Supprimer définitivement
        </button>
      )}
    </div>
  );
}
