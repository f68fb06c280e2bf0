import { useCallback, useMemo } from 'react';
import { offerMessages } from '#shared/schemas/offer';
import { paths } from '#shared/paths';
import {
  FilterSelect,
  PagedListScreen,
  PublicationBadge,
  rowActionsColumn,
  searchRows,
  thumbnailColumn,
  useUrlFilter,
  useWholeList,
  usePublicationFilter,
  useWholeListScreen,
  type Column,
  type ListQuery,
} from '#client/admin/kit';
import { offerSearchText, type OfferRow } from './offer-rows';
import { OFFER_KINDS, type OfferKind } from './offer-kinds';
import { OfferStatusBadge } from './offer-status-badge';
import { fetchOffers, offersLoadError } from './offers-source';
import { countOf } from '#shared/plural';

/** The type filter's choices (`?type=parcelles|flotte|biens`), in the order of the kinds. */
const KIND_OPTIONS = Object.values(OFFER_KINDS).map((info) => ({ value: info.kind, label: info.typeLabel }));
const KIND_VALUES: readonly OfferKind[] = KIND_OPTIONS.map((option) => option.value);

type OfferQuery = ListQuery & { type: string };

const select = (all: OfferRow[], query: OfferQuery) =>
  searchRows(
    query.type ? all.filter((offer) => offer.kind === query.type) : all,
    query.search,
    offerSearchText,
  );
const rowKey = (offer: OfferRow) => offer.key;

/**
 * 'Offres' (product rules, Pages and routes): parcels, fleet properties and miscellaneous
 * goods in one table, newest first, filtered on title or type (product rules, Validation).
 */
export function Component() {
  const kind = useUrlFilter('type', KIND_VALUES);
  // The state is filtered by the API (`publication`): the source changes with the choice.
  const publication = usePublicationFilter();
  const source = useCallback(
    (signal: AbortSignal) => fetchOffers(signal, publication.value),
    [publication.value],
  );
  const whole = useWholeList(source, select);
  const { list, requestRemove, screen } = useWholeListScreen(whole, {
    filters: { type: kind.value },
    errorMessage: offersLoadError,
    remove: {
      path: (offer) => offer.apiPath,
      trashKind: (offer) => OFFER_KINDS[offer.kind].trashKind,
      label: (offer) => `${offer.type} : ${offer.title}`,
      successDescription: offerMessages.deleted,
      failureTitle: 'Erreur',
      // Product rules, Messages and errors: offers name the reason in the sentence itself.
      failureToast: (reason) => ({
        title: 'Erreur',
        description: `Erreur lors de la suppression : ${reason}`,
      }),
    },
  });
  const total = list.page?.total ?? 0;

  const columns = useMemo<Column<OfferRow>[]>(
    () => [
      thumbnailColumn((offer) => offer.image),
      { header: 'Titre', cell: (offer) => offer.title },
      { header: 'Type', cell: (offer) => offer.type },
      { header: 'Prix', cell: (offer) => offer.price, className: 'num' },
      // The offer's own status and its publication share a cell: eight columns and the row's
      // actions would not fit a 1366-pixel screen on one line.
      {
        header: 'Statut',
        cell: (offer) => (
          <span className="offer-states">
            <OfferStatusBadge status={offer.status} />
            <PublicationBadge publication={offer.publication} publishAt={offer.publish_at} />
          </span>
        ),
      },
      { header: 'Date', cell: (offer) => offer.date, className: 'num' },
      rowActionsColumn(
        (offer) => ({
          label: offer.title,
          viewHref: offer.viewHref,
          editTo: offer.editHref,
          onDelete: () => requestRemove(offer),
        }),
        { access: 'catalogue' },
      ),
    ],
    [requestRemove],
  );

  return (
    <PagedListScreen
      {...screen}
      title="Offres"
      lead="Parcelles, flotte immobilière et biens divers."
      newAccess="catalogue"
      newTo={paths.adminOfferNew}
      newLabel="Nouvelle offre"
      search={{ label: 'Rechercher une offre' }}
      empty="Aucune offre trouvée"
      columns={columns}
      rowKey={rowKey}
      toolbar={
        <>
          <FilterSelect
            label="Type"
            value={kind.value}
            onChange={kind.setValue}
            allLabel="Tous les types"
            options={KIND_OPTIONS}
          />
          {publication.control}
          {list.status === 'ready' && (
            <p className="muted" role="status">
              {countOf(total, 'offre')}
            </p>
          )}
        </>
      }
    />
  );
}
