import { useCallback, useState, type ReactElement } from 'react';
import type { TrashKind } from '#shared/trash';
import { adminApi, hasToken, isSessionEnd } from './admin-api';
import { ConfirmDialog } from './confirm-dialog';
import { toast } from './toast';
import { deleteQuestion, toastMovedToTrash } from './trash-notice';

/**
 * Deleting from a list (product rules, Pages and routes and Messages and errors): asks in a confirmation dialog, needs a
 * stored token ('Vous devez être connecté pour effectuer cette action'), then toasts
 * 'Suppression réussie' with the entity's sentence, or the failure title with the server's
 * message (e.g. the 409 'Impossible de supprimer une catégorie qui contient des produits.').
 * Every deletion moves its item to the trash (docs/product-rules.md, "Trash"): the
 * confirmation says so and the success toast leads there (kit/trash-notice.ts).
 */
export interface DeleteOptions<T> {
  /** API path of the row, e.g. (c) => `/categories/${c.id}`. */
  path: (row: T) => string;
  /** The row's kind in the trash (offers: the row's own, one of three). */
  trashKind: TrashKind | ((row: T) => TrashKind);
  /** What the dialog names, e.g. (c) => c.name. */
  label: (row: T) => string;
  /** Success sentence (product rules, Messages and errors): 'La catégorie a bien été supprimée'. */
  successDescription: string;
  /** Failure title (product rules, Messages and errors): 'Erreur lors de la suppression de la catégorie'. */
  failureTitle: string;
  /** Replaces the failure toast (offers: 'Erreur lors de la suppression : {reason}'). */
  failureToast?: (message: string) => { title: string; description?: string };
  /** After a success: reload the list (or drop the row). */
  onDeleted: (row: T) => void;
  /** Dialog title; 'Confirmer la suppression' by default. */
  title?: string;
}

/**
 * Whether a token is stored before an action that needs one (a deletion); without one, the
 * product rules' toast 'Vous devez être connecté pour effectuer cette action'.
 */
export function tokenOrToast(): boolean {
  if (hasToken()) return true;
  toast({
    title: 'Erreur',
    description: 'Vous devez être connecté pour effectuer cette action',
    variant: 'destructive',
  });
  return false;
}

export function useDelete<T>(options: DeleteOptions<T>): { request: (row: T) => void; dialog: ReactElement } {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  // Stable, so table columns that call it can be memoised.
  const request = useCallback((row: T) => {
    if (!tokenOrToast()) return;
    setTarget(() => row);
  }, []);

  async function confirm() {
    if (target === null || busy) return;
    setBusy(true);
    try {
      await adminApi(options.path(target), { method: 'DELETE' });
      const { trashKind } = options;
      toastMovedToTrash(
        typeof trashKind === 'function' ? trashKind(target) : trashKind,
        options.successDescription,
      );
      options.onDeleted(target);
    } catch (error) {
      if (!isSessionEnd(error)) {
        const message = error instanceof Error ? error.message : String(error);
        const shown = options.failureToast?.(message) ?? {
          title: options.failureTitle,
          description: message,
        };
        toast({ ...shown, variant: 'destructive' });
      }
    } finally {
      setBusy(false);
      setTarget(null);
    }
  }

  const dialog = (
    <ConfirmDialog
      open={target !== null}
      title={options.title ?? 'Confirmer la suppression'}
      description={target !== null ? <p>{deleteQuestion(options.label(target))}</p> : null}
      confirmLabel={busy ? 'Suppression...' : 'Supprimer'}
      destructive
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => {
        if (!busy) setTarget(null);
      }}
    />
  );
  return { request, dialog };
}
