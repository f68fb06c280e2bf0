import type { AdminItem } from './use-admin-item';
import { PageHeader } from './page-header';
import { Spinner } from './spinner';

/**
 * An edit screen before its entity is there (product rules, Pages and routes): 'Chargement...'
 * while it loads, else the screen's title and its not-found sentence. Render it while
 * `state.status !== 'ready'`.
 */
export function ItemLoadState({
  state,
  title,
  notFound,
}: {
  state: Exclude<AdminItem<unknown>, { status: 'ready' }>;
  title: string;
  notFound: string;
}) {
  if (state.status === 'loading') return <Spinner label="Chargement..." />;
  return (
    <>
      <PageHeader title={title} />
      <p className="list-error" role="alert">
        {notFound}
      </p>
    </>
  );
}
