import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { offerMessages } from '#shared/schemas/offer';
import { paths } from '#shared/paths';
import {
  DataTable,
  ListStates,
  PageHeader,
  SearchBox,
  useDelete,
  useSearch,
  type Column,
} from '#client/admin/kit';
import { offerSearchText, type OfferRow } from './offer-rows';
import { OfferStatusBadge } from './offer-status-badge';
import { useOffersList } from './use-offers-list';

/**
 * 'Offres' (product rules, Pages and routes, "Offers list"): parcels, fleet properties and miscellaneous
 * goods in one table, newest first, filtered on title or type (product rules, Validation).
 */
export function Component() {
  const list = useOffersList();
  const [query, setQuery] = useState('');
  const { results, pending } = useSearch(list.items, query, offerSearchText);
  const remove = useDelete<OfferRow>({
    path: (offer) => offer.apiPath,
    label: (offer) => `${offer.type} : ${offer.title}`,
    successDescription: offerMessages.deleted,
    failureTitle: 'Erreur',
    // Product rules, Messages and errors: offers name the reason in the sentence itself.
    failureToast: (reason) => ({ title: 'Erreur', description: `Erreur lors de la suppression : ${reason}` }),
    onDeleted: list.reload,
  });
  const { request: requestRemove } = remove;

  const columns = useMemo<Column<OfferRow>[]>(
    () => [
      { header: 'Titre', cell: (offer) => offer.title },
      { header: 'Type', cell: (offer) => offer.type },
      { header: 'Prix (FCFA)', cell: (offer) => offer.price, className: 'num' },
      { header: 'Statut', cell: (offer) => <OfferStatusBadge status={offer.status} /> },
      { header: 'Date', cell: (offer) => offer.date },
      {
        header: 'Actions',
        className: 'actions',
        cell: (offer) => (
          <div className="row-actions">
            {/* The public page is a server-rendered document, outside the back office's router. */}
            <a
              className="btn btn-outline btn-small"
              href={offer.viewHref}
              aria-label={`Voir ${offer.title} sur le site`}
            >
              Voir
            </a>
            <Link
              className="btn btn-outline btn-small"
              to={offer.editHref}
              aria-label={`Modifier ${offer.title}`}
            >
              Modifier
            </Link>
            <button
              type="button"
              className="btn btn-danger btn-small"
              onClick={() => requestRemove(offer)}
              aria-label={`Supprimer ${offer.title}`}
            >
              Supprimer
            </button>
          </div>
        ),
      },
    ],
    [requestRemove],
  );

  return (
    <>
      <PageHeader
        title="Offres"
        lead="Parcelles, flotte immobilière et biens divers."
        newTo={paths.adminOfferNew}
        newLabel="Nouvelle offre"
      />
      <div className="list-toolbar">
        <SearchBox value={query} onChange={setQuery} label="Rechercher une offre" />
        {list.status === 'ready' && (
          <p className="muted" role="status">
            {results.length} offre{results.length > 1 ? 's' : ''}
          </p>
        )}
      </div>
      <ListStates
        status={list.status}
        error={list.error}
        onRetry={list.reload}
        isEmpty={results.length === 0}
        empty="Aucune offre trouvée"
      >
        <DataTable
          caption="Offres"
          columns={columns}
          rows={results}
          rowKey={(offer) => offer.key}
          stale={pending}
        />
      </ListStates>
      {remove.dialog}
    </>
  );
}
