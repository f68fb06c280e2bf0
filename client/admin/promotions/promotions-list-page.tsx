import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { promotionMessages } from '#shared/schemas/promotion';
import type { Promotion } from '#shared/types';
import { formatDate } from '#shared/format';
import { paths } from '#shared/paths';
import {
  DataTable,
  ListStates,
  PageHeader,
  SearchBox,
  useAdminList,
  useDelete,
  useSearch,
  type Column,
} from '#client/admin/kit';
import { cotonouToday, hasEnded } from './promotion-form-values';
import './promotions.css';

/** Product rules, Validation, "Admin list behaviour": promotions filter on title. */
const searchText = (promotion: Promotion) => [promotion.title];
const rowKey = (promotion: Promotion) => promotion.id;

/**
 * 'Promotions' (product rules, Pages and routes, "Promotions list"): every promotion, ended ones included
 * (product rules), marked 'Terminée' since the public site no longer shows them.
 */
export function Component() {
  const list = useAdminList<Promotion>('/promotions', 'Erreur lors du chargement des promotions');
  const [query, setQuery] = useState('');
  const { results, pending } = useSearch(list.items, query, searchText);
  const remove = useDelete<Promotion>({
    path: (promotion) => `/promotions/${promotion.id}`,
    label: (promotion) => promotion.title,
    successDescription: promotionMessages.deleted,
    failureTitle: 'Erreur lors de la suppression de la promotion',
    onDeleted: list.reload,
  });
  const { request: requestRemove } = remove;

  const columns = useMemo<Column<Promotion>[]>(() => {
    const today = cotonouToday();
    return [
      { header: 'Titre', cell: (promotion) => promotion.title },
      { header: 'Remise', cell: (promotion) => <span className="badge">{promotion.discount}</span> },
      { header: 'Début', cell: (promotion) => formatDate(promotion.startDate), className: 'num' },
      {
        header: 'Fin',
        className: 'num',
        cell: (promotion) => (
          <>
            {formatDate(promotion.endDate)}
            {hasEnded(promotion, today) && (
              <>
                {' '}
                <span className="badge badge-ended">Terminée</span>
              </>
            )}
          </>
        ),
      },
      {
        header: 'Actions',
        className: 'actions',
        cell: (promotion) => (
          <div className="row-actions">
            <Link
              className="btn btn-outline btn-small"
              to={paths.adminPromotionEdit(promotion.id)}
              aria-label={`Modifier ${promotion.title}`}
            >
              Modifier
            </Link>
            <button
              type="button"
              className="btn btn-danger btn-small"
              onClick={() => requestRemove(promotion)}
              aria-label={`Supprimer ${promotion.title}`}
            >
              Supprimer
            </button>
          </div>
        ),
      },
    ];
  }, [requestRemove]);

  return (
    <>
      <PageHeader
        title="Promotions"
        lead="Toutes les promotions, terminées comprises."
        newTo={paths.adminPromotionNew}
        newLabel="Nouvelle promotion"
      />
      <div className="list-toolbar">
        <SearchBox value={query} onChange={setQuery} label="Rechercher une promotion" />
      </div>
      <ListStates
        status={list.status}
        error={list.error}
        onRetry={list.reload}
        isEmpty={results.length === 0}
        empty="Aucune promotion trouvée"
      >
        <DataTable caption="Promotions" columns={columns} rows={results} rowKey={rowKey} stale={pending} />
      </ListStates>
      {remove.dialog}
    </>
  );
}
