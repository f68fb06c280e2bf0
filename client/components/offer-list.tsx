import { useEffect, useRef, type MouseEvent } from 'react';
import type { OfferList as OfferListData } from '#shared/readers/offers';
import { OFFERS_PAGE_SIZE, tabHref } from '#shared/offer-tabs';
import { FleetCard, GoodCard, offerAnchor, ParcelCard, type OfferCardContext } from './offer-cards';
import type { PreviewImage } from './offer-image';

interface OfferListProps {
  list: OfferListData;
  /** How many cards are shown; 'Afficher plus' raises it. */
  visible: number;
  highlightId: number | null;
  whatsapp: string;
  /** 'Afficher plus' is loading the rest of the list. */
  loadingMore: boolean;
  moreError: string | null;
  onMore: () => void;
  onPreview?: (image: PreviewImage, trigger: HTMLElement) => void;
}

/** A list tab's cards, its empty state and its 'Afficher plus' (one screenful at a time). */
export function OfferList({
  list,
  visible,
  highlightId,
  whatsapp,
  loadingMore,
  moreError,
  onMore,
  onPreview,
}: OfferListProps) {
  const shown = Math.min(visible, list.items.length);
  const firstShown = useRef(shown);

  // After 'Afficher plus', focus goes to the first new card, so keyboard and screen-reader
  // users continue where the list grew (the button may be gone once everything shows).
  useEffect(() => {
    if (shown > firstShown.current) {
      const item = list.items[firstShown.current];
      if (item) document.getElementById(offerAnchor(item.id))?.focus();
    }
    firstShown.current = shown;
  }, [shown, list.items]);

  if (list.total === 0) return <p className="empty">Aucune offre disponible pour le moment.</p>;

  const context = (index: number, id: number): OfferCardContext => ({
    index,
    highlighted: id === highlightId,
    whatsapp,
    onPreview,
  });
  const more = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (!loadingMore) onMore();
  };

  return (
    <>
      <div className="card-grid offer-grid">
        {list.kind === 'parcelles' &&
          list.items
            .slice(0, shown)
            .map((item, i) => <ParcelCard key={item.id} parcel={item} context={context(i, item.id)} />)}
        {list.kind === 'flotte' &&
          list.items
            .slice(0, shown)
            .map((item, i) => <FleetCard key={item.id} property={item} context={context(i, item.id)} />)}
        {list.kind === 'biens' &&
          list.items
            .slice(0, shown)
            .map((item, i) => <GoodCard key={item.id} good={item} context={context(i, item.id)} />)}
      </div>
      {list.total > shown && (
        <p className="section-more">
          <span className="muted offer-count" aria-live="polite">
            {shown} offres affichées sur {list.total}
          </span>
          {/* A link to the longer list without script; with script, the island adds cards in place. */}
          <a
            className="btn btn-outline"
            href={tabHref(list.kind, shown + OFFERS_PAGE_SIZE)}
            aria-disabled={loadingMore || undefined}
            onClick={more}
          >
            {loadingMore ? 'Chargement...' : 'Afficher plus'}
          </a>
        </p>
      )}
      {moreError && (
        <p className="offer-error" role="alert">
          {moreError}
        </p>
      )}
    </>
  );
}
