import type { ReactNode } from 'react';
import { Spinner } from './spinner';

/**
 * What a list shows besides its rows: a spinner while loading, the error with 'Réessayer',
 * the empty sentence of product rules, Messages and errors ('Aucune catégorie trouvée'), else the children.
 */
export function ListStates({
  status,
  error,
  onRetry,
  isEmpty,
  empty,
  loadingLabel = 'Chargement...',
  children,
}: {
  status: 'loading' | 'error' | 'ready';
  error?: string | null;
  onRetry?: () => void;
  isEmpty: boolean;
  empty: string;
  loadingLabel?: string;
  children: ReactNode;
}) {
  if (status === 'loading') return <Spinner label={loadingLabel} />;
  if (status === 'error') {
    return (
      <div className="list-error" role="alert">
        <p>{error}</p>
        {onRetry && (
          <button type="button" className="btn btn-outline" onClick={onRetry}>
            Réessayer
          </button>
        )}
      </div>
    );
  }
  if (isEmpty) return <p className="empty list-empty">{empty}</p>;
  return children;
}
