import type { Access } from '#shared/roles';
import { useCan } from './access';
import type { Column } from './list-table';
import { DeleteButton } from './delete-button';
import { RowLink } from './row-link';

/**
 * The actions of a list row (product rules, Back office: view/edit/delete with a
 * confirmation): 'Voir' (the public page, a server-rendered document outside the back
 * office's router, so a plain link), 'Modifier', 'Supprimer' (hand it useDelete's request;
 * a quiet DeleteButton). Each names its row for screen readers. They stay on one line
 * (admin.css, `.row-actions`): a wrapped actions column doubles every row's height.
 * 'Modifier' and 'Supprimer' need `access` when it is given (docs/product-rules.md, "Roles
 * and access"): a role that only reads keeps 'Voir'.
 */
export interface RowActionsProps {
  /** The row's name, read after each action ('Modifier Ciment'). */
  label: string;
  /** The public page; omitted, no 'Voir'. */
  viewHref?: string;
  /** Opens the public page in a new tab (projects) rather than in place (offers). */
  viewInNewTab?: boolean;
  editTo: string;
  onDelete: () => void;
  /** Why this row cannot be deleted ('Impossible de supprimer…'): 'Supprimer' says it and asks nothing. */
  deleteRefusal?: string | null;
  /** The access 'Modifier' and 'Supprimer' need ('catalogue'). */
  access?: Access;
}

export function RowActions({
  label,
  viewHref,
  viewInNewTab,
  editTo,
  onDelete,
  deleteRefusal,
  access,
}: RowActionsProps) {
  const mayWrite = useCan(access);
  if (viewHref === undefined && !mayWrite) return null;
  return (
    <div className="row-actions">
      {viewHref !== undefined && (
        <a
          className="btn btn-outline btn-small"
          href={viewHref}
          {...(viewInNewTab ? { target: '_blank', rel: 'noopener' } : {})}
          aria-label={viewInNewTab ? `Voir ${label} (nouvel onglet)` : `Voir ${label} sur le site`}
        >
          Voir
        </a>
      )}
      {mayWrite && (
        <>
          <RowLink className="btn btn-outline btn-small" to={editTo} aria-label={`Modifier ${label}`}>
            Modifier
          </RowLink>
          <DeleteButton what={label} onClick={onDelete} refusal={deleteRefusal} />
        </>
      )}
    </div>
  );
}

/**
 * The 'Actions' column of a list screen: RowActions with what `props` gives for each row.
 * `access`: what 'Modifier' and 'Supprimer' need. A list whose rows have no 'Voir' says
 * `view: false`: the whole column then goes for a role without `access` (an empty column
 * otherwise); a list with 'Voir' keeps it.
 */
export function rowActionsColumn<T>(
  props: (row: T) => Omit<RowActionsProps, 'access'>,
  rights: { access?: Access; view?: boolean } = {},
): Column<T> {
  const { access, view = true } = rights;
  return {
    header: 'Actions',
    className: 'actions',
    ...(view ? {} : { access }),
    cell: (row) => <RowActions {...props(row)} access={access} />,
  };
}
