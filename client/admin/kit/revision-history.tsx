import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '#shared/format';
import {
  describeRevisionChange,
  revisionValue,
  type RevisionChange,
  type RevisionEntry,
} from '#shared/revision-changes';
import type { RevisionKind } from '#shared/revisions';
import { useCan } from './access';
import { adminApi, isSessionEnd } from './admin-api';
import { ConfirmDialog } from './confirm-dialog';
import { DetailDialog } from './detail-dialog';
import { clearDraft } from './drafts';
import { Spinner } from './spinner';
import { Thumbnail } from './thumbnail';
import { toast } from './toast';
import { useDraftKey } from './use-form-draft';
import { failureText } from './use-save-outcome';
import './revision-history.css';

/** Fields whose values are image paths: shown as thumbnails, not as paths. */
const IMAGE_FIELDS = new Set(['image', 'main_image', 'photo', 'gallery']);

/** One change as the list shows it: images as thumbnails, the rest as 'Prix : 5 500 → 6 000'. */
function ChangeLine({ change }: { change: RevisionChange }) {
  if (IMAGE_FIELDS.has(change.field)) {
    const pictures = (value: unknown) => {
      const list = (Array.isArray(value) ? value : [value]).filter(
        (path): path is string => typeof path === 'string' && path !== '',
      );
      return list.length === 0 ? (
        <span className="muted">(aucune)</span>
      ) : (
        list.map((path) => <Thumbnail key={path} path={path} />)
      );
    };
    return (
      <li className="revision-change revision-change-images">
        <span>{change.label} :</span> {pictures(change.before)} <span aria-hidden="true">→</span>{' '}
        {pictures(change.after)}
      </li>
    );
  }
  return (
    <li
      className="revision-change"
      title={`${revisionValue(change.field, change.before, Infinity)} → ${revisionValue(change.field, change.after, Infinity)}`}
    >
      {describeRevisionChange(change)}
    </li>
  );
}

/**
 * An edit screen's 'Historique' (docs/product-rules.md, "Revisions"): the button opens a
 * dialog listing the kept versions of the item, newest first, with their date and time in
 * Cotonou, their author and what differs from the current item (the version's value, then
 * the current one). 'Restaurer cette version' asks first, then saves the version as the
 * item (the server keeps the current one in turn), toasts the server's sentence and lets
 * the screen load the item again (`onRestored`). The form's draft is dropped: it described
 * the item before the restore.
 */
export function RevisionHistory({
  kind,
  id,
  onRestored,
  draftKey,
}: {
  kind: RevisionKind;
  id: number | string;
  onRestored: () => void;
  /** The form's draft key when it is not the route's (the offers' forms). */
  draftKey?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn-outline" onClick={() => setOpen(true)}>
        Historique
      </button>
      {open && (
        <HistoryDialog
          kind={kind}
          id={id}
          draftKey={draftKey}
          onClose={() => setOpen(false)}
          onRestored={() => {
            setOpen(false);
            onRestored();
          }}
        />
      )}
    </>
  );
}

/**
 * The kept versions, newest first: date and time in Cotonou, author, the differences with
 * the current item, and 'Restaurer cette version' when `onRestore` is given (the roles
 * that write the catalogue).
 */
export function RevisionList({
  versions,
  onRestore,
}: {
  versions: readonly RevisionEntry[];
  onRestore?: (version: RevisionEntry) => void;
}) {
  if (versions.length === 0)
    return (
      <p className="muted">Aucune version précédente : l’historique commence au prochain enregistrement.</p>
    );
  return (
    <ol className="revision-list">
      {versions.map((version) => (
        <li key={version.id} className="revision-item">
          <div className="revision-head">
            <strong>{formatDateTime(version.created_at)}</strong>
            <span className="muted">{version.user_name ?? 'Auteur inconnu'}</span>
            {onRestore && (
              <button type="button" className="btn btn-outline btn-small" onClick={() => onRestore(version)}>
                Restaurer cette version
              </button>
            )}
          </div>
          {version.changes.length === 0 ? (
            <p className="muted">Identique à la version actuelle.</p>
          ) : (
            <ul className="revision-changes">
              {version.changes.map((change) => (
                <ChangeLine key={change.field} change={change} />
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

type Versions =
  | { status: 'loading' }
  | { status: 'ready'; versions: RevisionEntry[] }
  | { status: 'failed'; message: string };

function HistoryDialog({
  kind,
  id,
  draftKey,
  onClose,
  onRestored,
}: {
  kind: RevisionKind;
  id: number | string;
  draftKey?: string;
  onClose: () => void;
  onRestored: () => void;
}) {
  const [state, setState] = useState<Versions>({ status: 'loading' });
  const [asked, setAsked] = useState<RevisionEntry | null>(null);
  const [busy, setBusy] = useState(false);
  const mayRestore = useCan('catalogue');
  const routeDraft = useDraftKey(draftKey);

  useEffect(() => {
    const controller = new AbortController();
    adminApi<{ data: RevisionEntry[] }>(`/admin/revisions/${kind}/${encodeURIComponent(String(id))}`, {
      signal: controller.signal,
    })
      .then((answer) => setState({ status: 'ready', versions: answer.data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted || isSessionEnd(error)) return;
        setState({ status: 'failed', message: failureText(error, "L'historique n'a pas pu être chargé.") });
      });
    return () => controller.abort();
  }, [kind, id]);

  const restore = useCallback(async () => {
    if (!asked) return;
    setBusy(true);
    try {
      const answer = await adminApi<{ message: string }>(`/admin/revisions/${asked.id}/restore`, {
        method: 'POST',
      });
      if (routeDraft) clearDraft(routeDraft);
      toast({ title: 'Version restaurée', description: answer.message });
      setAsked(null);
      onRestored();
    } catch (error) {
      setBusy(false);
      setAsked(null);
      if (!isSessionEnd(error))
        toast({
          title: 'Erreur',
          description: failureText(error, "La version n'a pas pu être restaurée."),
          variant: 'destructive',
        });
    }
  }, [asked, onRestored, routeDraft]);

  const count = state.status === 'ready' ? state.versions.length : null;
  return (
    <DetailDialog
      title="Historique"
      className="revision-dialog"
      facts={
        count === null
          ? 'Les versions précédentes, de la plus récente à la plus ancienne.'
          : `${count} version${count > 1 ? 's' : ''} précédente${count > 1 ? 's' : ''} : chaque ligne donne la valeur de la version, puis la valeur actuelle.`
      }
      onClose={onClose}
    >
      {state.status === 'loading' && <Spinner label="Chargement..." />}
      {state.status === 'failed' && (
        <p className="list-error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'ready' && (
        <RevisionList versions={state.versions} onRestore={mayRestore ? setAsked : undefined} />
      )}
      <ConfirmDialog
        open={asked !== null}
        title="Restaurer cette version ?"
        description={
          asked &&
          `La version du ${formatDateTime(asked.created_at)} remplacera l’actuelle, qui restera dans l’historique. Les modifications non enregistrées du formulaire seront perdues.`
        }
        confirmLabel="Restaurer"
        busy={busy}
        onConfirm={() => void restore()}
        onCancel={() => setAsked(null)}
      />
    </DetailDialog>
  );
}
