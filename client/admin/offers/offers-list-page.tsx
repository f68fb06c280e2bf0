import { useCallback, useMemo } from 'react';
import { offerMessages } from '#shared/schemas/offer';
import { paths } from '#shared/paths';
import {
  FilterSelect,
  ListScreen,
  rowActionsColumn,
  thumbnailColumn,
  useListScreen,
  useUrlFilter,
  type Column,
} from '#client/admin/kit';
import { offerSearchText, type OfferRow } from './offer-rows';
import { OFFER_KINDS, type OfferKind } from './offer-kinds';
import { OfferStatusBadge } from './offer-status-badge';
import { useOffersList } from './use-offers-list';
import { countOf } from '#shared/plural';

/** The type filter's choices (`?type=parcelles|flotte|biens`), in the order of the kinds. */
const KIND_OPTIONS = Object.values(OFFER_KINDS).map((info) => ({ value: info.kind, label: info.typeLabel }));
const KIND_VALUES: readonly OfferKind[] = KIND_OPTIONS.map((option) => option.value);

/**
 * 'Offres' (product rules, Pages and routes): parcels, fleet properties and miscellaneous
 * goods in one table, newest first, filtered on title or type (product rules, Validation).
 */
export function Component() {
  const list = useOffersList();
  const kind = useUrlFilter('type', KIND_VALUES);
  const ofKind = useCallback((offer: OfferRow) => offer.kind === kind.value, [kind.value]);
  const screen = useListScreen(
    list,
    offerSearchText,
    {
      path: (offer) => offer.apiPath,
      label: (offer) => `${offer.type} : ${offer.title}`,
      successDescription: offerMessages.deleted,
      failureTitle: 'Erreur',
      // Product rules, Messages and errors: offers name the reason in the sentence itself.
      failureToast: (reason) => ({
        title: 'Erreur',
        description: `Erreur lors de la suppression : ${reason}`,
      }),
    },
    kind.value ? ofKind : undefined,
  );
  const { requestRemove } = screen;

  const columns = useMemo<Column<OfferRow>[]>(
    () => [
      thumbnailColumn((offer) => offer.image),
      { header: 'Titre', cell: (offer) => offer.title },
      { header: 'Type', cell: (offer) => offer.type },
      { header: 'Prix', cell: (offer) => offer.price, className: 'num' },
      { header: 'Statut', cell: (offer) => <OfferStatusBadge status={offer.status} /> },
      { header: 'Date', cell: (offer) => offer.date, className: 'num' },
      rowActionsColumn((offer) => ({
        label: offer.title,
        viewHref: offer.viewHref,
        editTo: offer.editHref,
        onDelete: () => requestRemove(offer),
      })),
    ],
    [requestRemove],
  );

  return (
    <ListScreen
      title="Offres"
      lead="Parcelles, flotte immobilière et biens divers."
      newTo={paths.adminOfferNew}
      newLabel="Nouvelle offre"
      searchLabel="Rechercher une offre"
      list={list}
      screen={screen}
      empty="Aucune offre trouvée"
      columns={columns}
      rowKey={(offer) => offer.key}
      toolbar={
        <>
          <FilterSelect
            label="Type"
            value={kind.value}
            onChange={kind.setValue}
            allLabel="Tous les types"
            options={KIND_OPTIONS}
          />
          {list.status === 'ready' && (
            <p className="muted" role="status">
              {countOf(screen.results.length, 'offre')}
            </p>
          )}
        </>
      }
    />
  );
}
