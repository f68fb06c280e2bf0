import { useMemo } from 'react';
import { PROMOTIONS_ADMIN_PER_PAGE, promotionMessages } from '#shared/schemas/promotion';
import type { Promotion } from '#shared/types';
import { formatDate } from '#shared/format';
import { paths } from '#shared/paths';
import {
  FilterSelect,
  PUBLICATION_FILTER_OPTIONS,
  PagedListScreen,
  trashBulkAction,
  publicationColumn,
  rowActionsColumn,
  serverListCodec,
  serverListLoader,
  thumbnailColumn,
  useCan,
  useServerListScreen,
  type BulkAction,
  type Column,
} from '#client/admin/kit';
import { businessToday } from '#shared/calendar';
import { hasEnded } from './promotion-form-values';
import './promotions.css';

/** The state's filter keeps its URL name, `?etat=`; the API reads it as `publication`. */
const codec = serverListCodec({ sort: '-created_at', filters: { etat: '' }, api: { etat: 'publication' } });
const load = serverListLoader<Promotion, { etat: string }>('/admin/promotions', codec);
const rowKey = (promotion: Promotion) => promotion.id;
const labelOf = (promotion: Promotion) => promotion.title;

/** docs/product-rules.md, "Bulk actions": for the roles that write the content. */
const ACTIONS: BulkAction[] = [
  {
    action: 'publish',
    label: 'Publier',
    access: 'catalogue',
    question: (count) => `Publier ${count} maintenant ?`,
    description: 'Une promotion programmée est publiée tout de suite.',
  },
  {
    action: 'unpublish',
    label: 'Dépublier',
    access: 'catalogue',
    question: (count) => `Repasser ${count} en brouillon ?`,
    description: 'Elles disparaissent du site jusqu’à leur publication.',
  },
  trashBulkAction('catalogue'),
];
const BULK = {
  path: '/admin/promotions/bulk',
  noun: ['promotion', 'promotions'] as const,
  feminine: true,
  labelOf,
  actions: ACTIONS,
};

/**
 * 'Promotions' (product rules, Pages and routes): every promotion, ended ones included
 * (product rules), marked 'Terminée' since the public site no longer shows them; read page
 * by page from the server (docs/product-rules.md, "Lists of the back office"), searched on
 * the title or the code, sorted on a header's click, filtered by state.
 */
export function Component() {
  const mayWrite = useCan('catalogue');
  const { query, requestRemove, screen } = useServerListScreen({
    codec,
    load,
    perPage: PROMOTIONS_ADMIN_PER_PAGE,
    errorMessage: 'Erreur lors du chargement des promotions',
    remove: {
      path: (promotion) => `/promotions/${promotion.id}`,
      trashKind: 'promotion',
      label: labelOf,
      successDescription: promotionMessages.deleted,
      failureTitle: 'Erreur lors de la suppression de la promotion',
    },
    ...(mayWrite ? { bulk: BULK } : {}),
  });
  const { setQuery } = query;

  const columns = useMemo<Column<Promotion>[]>(() => {
    const today = businessToday();
    return [
      thumbnailColumn((promotion) => promotion.image),
      { header: 'Titre', sort: 'title', cell: (promotion) => promotion.title },
      { header: 'Remise', cell: (promotion) => <span className="badge">{promotion.discount}</span> },
      {
        header: 'Début',
        sort: 'start_date',
        cell: (promotion) => formatDate(promotion.startDate),
        className: 'num',
      },
      {
        header: 'Fin',
        sort: 'end_date',
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
      search={{ label: 'Rechercher une promotion (titre ou code)', placeholder: 'Titre ou code' }}
      empty="Aucune promotion trouvée"
      columns={columns}
      rowKey={rowKey}
      toolbar={
        <FilterSelect
          label="État"
          value={query.query.etat}
          onChange={(etat) => setQuery({ etat })}
          allLabel="Tous"
          options={PUBLICATION_FILTER_OPTIONS}
        />
      }
    />
  );
}
