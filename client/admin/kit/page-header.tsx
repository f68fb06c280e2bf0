import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** A screen's title, an optional lead sentence and its 'new' button (a client-side link). */
export function PageHeader({
  title,
  lead,
  newTo,
  newLabel,
  children,
}: {
  title: string;
  lead?: string;
  newTo?: string;
  newLabel?: string;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div>
        <h1>{title}</h1>
        {lead && <p className="page-lead">{lead}</p>}
      </div>
      <div className="page-header-actions">
        {children}
        {newTo && (
          <Link className="btn btn-primary" to={newTo}>
            {newLabel ?? 'Ajouter'}
          </Link>
        )}
      </div>
    </header>
  );
}
