import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { pageOfAll } from '#shared/paged';
import { paths } from '#shared/paths';
import { SearchBox, searchRows, Spinner, useLate } from '#client/admin/kit';
import { screenMessages } from './diagnostic-messages';
import type { ImageListAnswer, ImageRecord } from './diagnostic-types';
import { ImageCard } from './image-card';
import { useDiagnosticLoad } from './use-diagnostic-load';
import { countOf } from '#shared/plural';

/** Cards per page: each holds a preview, so the page stays light even with hundreds. */
export const IMAGES_PER_PAGE = 24;

const searchText = (image: ImageRecord) => [image.path];

/**
 * 'Liste des images' (product rules, Pages and routes): GET /diagnostic/images when the tab is first opened.
 * The server answers the newest images (at most its limit) and the total; the tab filters
 * them by path and shows them a page at a time.
 */
export function ImagesTab() {
  const { load, refresh: fetchImages } = useDiagnosticLoad<ImageListAnswer>('/diagnostic/images');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);

  useEffect(() => void fetchImages(), [fetchImages]);

  const images = (load.state === 'ready' ? load.data.images : null) ?? EMPTY;
  const loading = load.state === 'loading' || load.state === 'idle';
  // Deferred, so typing is never held up by the cards (the kit's search of a whole list).
  const deferred = useDeferredValue(query);
  // Dimmed only for a filtering long enough to be seen, as the lists' tables.
  const pending = useLate(deferred !== query);
  const results = useMemo(() => searchRows(images, deferred, searchText), [images, deferred]);
  const {
    data: shown,
    current_page: current,
    last_page: pageCount,
  } = pageOfAll(results, {
    page,
    per_page: IMAGES_PER_PAGE,
  });

  function filter(value: string) {
    setQuery(value);
    setPage(1);
  }

  return (
    <div className="diag-stack">
      <div className="diag-toolbar">
        <SearchBox value={query} onChange={filter} label="Rechercher une image" />
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void fetchImages()}
          disabled={loading}
        >
          {loading ? 'Chargement...' : 'Actualiser'}
        </button>
      </div>
      {loading && <Spinner label="Chargement des images..." />}
      {load.state === 'error' && (
        <div className="diag-alert diag-alert-error" role="alert">
          <p className="diag-alert-title">{screenMessages.imagesFailed}</p>
          <p>{load.detail}</p>
          <button type="button" className="btn btn-outline btn-small" onClick={() => void fetchImages()}>
            Réessayer
          </button>
        </div>
      )}
      {load.state === 'ready' && images.length === 0 && (
        <div className="empty list-empty">
          <p>Aucune image trouvée</p>
          <Link className="btn btn-primary" to={paths.adminOfferNew}>
            Ajouter une image
          </Link>
        </div>
      )}
      {load.state === 'ready' && images.length > 0 && (
        <>
          <p className="diag-detail" role="status">
            {countLabel(results.length, images.length, load.data.total)}
          </p>
          {results.length === 0 ? (
            <p className="empty list-empty">Aucune image trouvée</p>
          ) : (
            <ul className={`diag-image-grid${pending ? ' is-stale' : ''}`}>
              {shown.map((image) => (
                <ImageCard key={image.path} image={image} />
              ))}
            </ul>
          )}
          {pageCount > 1 && (
            <nav className="diag-pager" aria-label="Pagination des images">
              <button
                type="button"
                className="btn btn-outline btn-small"
                onClick={() => setPage(current - 1)}
                disabled={current <= 1}
              >
                Précédent
              </button>
              <span>
                Page {current} sur {pageCount}
              </span>
              <button
                type="button"
                className="btn btn-outline btn-small"
                onClick={() => setPage(current + 1)}
                disabled={current >= pageCount}
              >
                Suivant
              </button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

const EMPTY: ImageRecord[] = [];

/** '12 images', '3 images sur 12', and the server's cap when it listed only the newest. */
export function countLabel(matching: number, listed: number, total = listed): string {
  const images = (n: number) => countOf(n, 'image');
  const base = matching === listed ? images(listed) : `${images(matching)} sur ${listed}`;
  return total > listed ? `${base} (les ${listed} plus récentes, ${total} au total)` : base;
}
