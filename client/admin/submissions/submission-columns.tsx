import { useMemo } from 'react';
import type { ProjectSubmission } from '#shared/types';
import { formatDate } from '#shared/format';
import { ClippedText, DeleteButton, type Column } from '#client/admin/kit';
import { StatusBadge } from './status-badge';

export interface RowActions {
  open: (submission: ProjectSubmission) => void;
  download: (submission: ProjectSubmission) => void;
  remove: (submission: ProjectSubmission) => void;
  /** The submission whose zip is being fetched. */
  downloadingId: number | null;
}

export const fullName = (s: ProjectSubmission) => `${s.first_name} ${s.last_name}`;

/**
 * Product rules, Pages and routes: Client, Projet, Statut, Date, Fichiers, Actions; and
 * 'Assigné à' (product rules, Assignment). A header with `sort` orders the list by that API
 * key (docs/product-rules.md, "Lists of the back office").
 */
export function useSubmissionColumns(actions: RowActions): Column<ProjectSubmission>[] {
  const { open, download, remove, downloadingId } = actions;
  return useMemo<Column<ProjectSubmission>[]>(
    () => [
      {
        header: 'Client',
        sort: 'first_name',
        className: 'addresses',
        // Two lines at most (a row of 72 px): the name, then the e-mail and the phone, each
        // whole in its tooltip.
        cell: (s) => (
          <div className="cell-stack">
            <strong>
              <ClippedText text={fullName(s)} />
            </strong>
            <span className="cell-line muted">
              <ClippedText text={s.email} />
              {s.phone && <ClippedText text={s.phone} />}
            </span>
          </div>
        ),
      },
      {
        header: 'Projet',
        sort: 'project_title',
        cell: (s) => (
          <div className="cell-stack">
            <strong>
              <ClippedText text={s.project_title} />
            </strong>
            {/* The number the client quotes on the phone, then what and for how much. */}
            <span className="cell-line muted">
              <ClippedText text={s.reference} className="cell-keep" />
              <ClippedText text={[s.project_type, s.budget].filter(Boolean).join(' · ')} />
            </span>
          </div>
        ),
      },
      { header: 'Statut', sort: 'status', cell: (s) => <StatusBadge status={s.status} /> },
      {
        header: 'Assigné à',
        cell: (s) => s.assignee?.name ?? <span className="muted">Non assignée</span>,
      },
      { header: 'Date', sort: 'created_at', cell: (s) => formatDate(s.created_at), className: 'nowrap' },
      { header: 'Fichiers', cell: (s) => s.attachment_count, className: 'num' },
      {
        header: 'Actions',
        className: 'actions',
        cell: (s) => {
          const busy = downloadingId === s.id;
          return (
            <div className="row-actions">
              <button
                type="button"
                className="btn btn-outline btn-small"
                onClick={() => open(s)}
                aria-label={`Gérer la soumission de ${fullName(s)}`}
              >
                Gérer
              </button>
              <button
                type="button"
                className="btn btn-outline btn-small"
                onClick={() => download(s)}
                disabled={s.attachment_count === 0 || busy}
              >
                {/* The visible words first (WCAG 2.5.3, label in name), also while it
                    downloads, then whose files, heard but not shown. */}
                {busy ? 'Téléchargement...' : 'Fichiers (zip)'}
                <span className="visually-hidden">
                  {` de ${fullName(s)}`}
                  {s.attachment_count === 0 ? ' : aucun fichier joint' : ''}
                </span>
              </button>
              <DeleteButton what={`la soumission de ${fullName(s)}`} onClick={() => remove(s)} />
            </div>
          );
        },
      },
    ],
    [open, download, remove, downloadingId],
  );
}
