import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Access } from '#shared/roles';
import { useCan } from './access';

/**
 * A screen's title, an optional lead sentence and its 'new' button (a client-side link),
 * shown only to a role with `newAccess` when it is given (kit/access.tsx).
 */
export function PageHeader({
  title,
  lead,
  newTo,
  newLabel,
  newAccess,
  children,
}: {
  title: string;
  lead?: string;
  newTo?: string;
  newLabel?: string;
  /** The access the 'new' button needs ('catalogue'); omitted, every role that sees the screen. */
  newAccess?: Access;
  children?: ReactNode;
}) {
  const mayCreate = useCan(newAccess);
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {lead && <p className="page-lead">{lead}</p>}
      </div>
      <div className="page-header-actions">
        {children}
        {newTo && mayCreate && (
          <Link className="btn btn-primary" to={newTo}>
            {newLabel ?? 'Ajouter'}
          </Link>
        )}
      </div>
    </header>
  );
}
