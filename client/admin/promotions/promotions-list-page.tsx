import { useMemo } from 'react';
import { promotionMessages } from '#shared/schemas/promotion';
import type { Promotion } from '#shared/types';
import { formatDate } from '#shared/format';
import { paths } from '#shared/paths';
import {
  PagedListScreen,
  publicationColumn,
  rowActionsColumn,
  searchRows,
  thumbnailColumn,
  useWholeList,
  usePublicationFilter,
  useWholeListScreen,
  type Column,
  type ListQuery,
} from '#client/admin/kit';
import { businessToday } from '#shared/calendar';
import { hasEnded } from './promotion-form-values';
import './promotions.css';

/** Product rules, Back-office lists: promotions filter on title. */
const searchText = (promotion: Promotion) => [promotion.title];
const rowKey = (promotion: Promotion) => promotion.id;
const select = (all: Promotion[], query: ListQuery) => searchRows(all, query.search, searchText);

/**
 * 'Promotions' (product rules, Pages and routes): every promotion, ended ones included
 * (product rules), marked 'Terminée' since the public site no longer shows them.
 */
export function Component() {
  // The state is filtered by the API (`publication`): its source changes with the choice.
  const publication = usePublicationFilter();
  const whole = useWholeList(publication.path('/promotions'), select);
  const { requestRemove, screen } = useWholeListScreen(whole, {
    errorMessage: 'Erreur lors du chargement des promotions',
    remove: {
      path: (promotion) => `/promotions/${promotion.id}`,
      trashKind: 'promotion',
      label: (promotion) => promotion.title,
      successDescription: promotionMessages.deleted,
      failureTitle: 'Erreur lors de la suppression de la promotion',
    },
  });

  const columns = useMemo<Column<Promotion>[]>(() => {
    const today = businessToday();
    return [
      thumbnailColumn((promotion) => promotion.image),
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
      publicationColumn((promotion) => promotion),
      rowActionsColumn(
        (promotion) => ({
          label: promotion.title,
          editTo: paths.adminPromotionEdit(promotion.id),
          onDelete: () => requestRemove(promotion),
        }),
        { access: 'catalogue', view: false },
      ),
    ];
  }, [requestRemove]);

  return (
    <PagedListScreen
      {...screen}
      title="Promotions"
      lead="Toutes les promotions, terminées comprises."
      newAccess="catalogue"
      newTo={paths.adminPromotionNew}
      newLabel="Nouvelle promotion"
      search={{ label: 'Rechercher une promotion' }}
      empty="Aucune promotion trouvée"
      columns={columns}
      rowKey={rowKey}
      toolbar={publication.control}
    />
  );
}
