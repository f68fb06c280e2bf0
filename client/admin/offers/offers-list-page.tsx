import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PARCEL_STATUSES } from '#shared/constants';
import { OFFERS_PER_PAGE, offerMessages } from '#shared/schemas/offer';
import { paths } from '#shared/paths';
import {
  FilterSelect,
  PagedListScreen,
  PUBLICATION_FILTER_OPTIONS,
  PublicationBadge,
  rowActionsColumn,
  thumbnailColumn,
  trashBulkAction,
  useCan,
  useServerListScreen,
  type BulkAction,
  type Column,
} from '#client/admin/kit';
import { OFFER_KINDS, type OfferKind } from './offer-kinds';
import {
  FLEET_LIST,
  GOOD_LIST,
  PARCEL_LIST,
  STATUS_SORT,
  type OfferListFilters,
  type OfferListSetup,
} from './offer-list-setups';
import { OfferKindTabs } from './offer-kind-tabs';
import { OfferStatusBadge } from './offer-status-badge';
import { offersLoadError } from './offers-source';
import './offers.css';

const KIND_VALUES = Object.keys(OFFER_KINDS) as OfferKind[];
const DEFAULT_KIND: OfferKind = 'parcelles';
const STATUS_OPTIONS = PARCEL_STATUSES.map((status) => ({ value: status, label: status }));

/** Every kind's actions: on the site now, back to draft, to the trash. */
const COMMON_ACTIONS: BulkAction[] = [
  {
    action: 'publish',
    label: 'Publier',
    question: (count) => `Publier ${count} ?`,
    description:
      'Elles apparaissent sur le site tout de suite, même celles qui étaient programmées plus tard.',
  },
  {
    action: 'unpublish',
    label: 'Dépublier',
    question: (count) => `Repasser ${count} en brouillon ?`,
    description: 'Elles disparaissent du site public jusqu’à leur prochaine publication.',
  },
];
const DELETE_ACTION: BulkAction = trashBulkAction('catalogue');

/**
 * 'Offres' (docs/product-rules.md, "Back office"): parcels, fleet properties and
 * miscellaneous goods in three tabs (`?type=parcelles|flotte|biens`, parcels when absent),
 * each kind one list read page by page from the server, sortable, with its bulk actions.
 * Changing tabs starts the other list afresh (its own sorts and filters).
 */
export function Component() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('type');
  const kind = KIND_VALUES.includes(asked as OfferKind) ? (asked as OfferKind) : DEFAULT_KIND;
  const tabs = <OfferKindTabs selected={kind} onSelect={(next) => setParams({ type: next })} />;
  if (kind === 'flotte') return <OfferKindList key={kind} setup={FLEET_LIST} tabs={tabs} />;
  if (kind === 'biens') return <OfferKindList key={kind} setup={GOOD_LIST} tabs={tabs} />;
  return <OfferKindList key={kind} setup={PARCEL_LIST} tabs={tabs} />;
}

function OfferKindList<T extends { id: number }>({
  setup,
  tabs,
}: {
  setup: OfferListSetup<T>;
  tabs: ReactNode;
}) {
  const info = OFFER_KINDS[setup.kind];
  const { rowOf } = setup;
  const writer = useCan('catalogue');
  const { query, requestRemove, screen } = useServerListScreen<T, OfferListFilters>({
    codec: setup.codec,
    load: setup.load,
    perPage: OFFERS_PER_PAGE,
    errorMessage: offersLoadError,
    remove: {
      path: (item) => `${info.apiPath}/${item.id}`,
      trashKind: info.trashKind,
      label: (item) => `${info.typeLabel} : ${rowOf(item).title}`,
      successDescription: offerMessages.deleted,
      failureTitle: 'Erreur',
      // Product rules, Messages and errors: offers name the reason in the sentence itself.
      failureToast: (reason) => ({
        title: 'Erreur',
        description: `Erreur lors de la suppression : ${reason}`,
      }),
    },
    // Only the catalogue's writers act on offers: the other readers get no checkboxes.
    bulk: writer
      ? {
          path: `/admin${info.apiPath}/bulk`,
          noun: ['offre', 'offres'],
          feminine: true,
          labelOf: (item) => rowOf(item).title,
          actions: [...COMMON_ACTIONS, ...setup.actions, DELETE_ACTION],
        }
      : undefined,
  });

  const columns = useMemo<Column<T>[]>(
    () => [
      thumbnailColumn((item) => rowOf(item).image),
      ...setup.columns,
      // The offer's own status and its publication share a cell, so the row's actions fit
      // a 1366-pixel screen on one line.
      {
        header: 'Statut',
        sort: STATUS_SORT[setup.kind],
        cell: (item) => {
          const row = rowOf(item);
          return (
            <span className="offer-states">
              {row.status !== null && <OfferStatusBadge status={row.status} />}
              <PublicationBadge publication={row.publication} publishAt={row.publish_at} />
            </span>
          );
        },
      },
      { header: 'Date', sort: 'created_at', className: 'num', cell: (item) => rowOf(item).date },
      rowActionsColumn(
        (item) => {
          const row = rowOf(item);
          return {
            label: row.title,
            viewHref: row.viewHref,
            editTo: row.editHref,
            onDelete: () => requestRemove(item),
          };
        },
        { access: 'catalogue' },
      ),
    ],
    [requestRemove, rowOf, setup],
  );

  return (
    <PagedListScreen
      {...screen}
      title="Offres"
      lead="Parcelles, flotte immobilière et biens divers."
      newAccess="catalogue"
      newTo={paths.adminOfferNew}
      newLabel="Nouvelle offre"
      above={tabs}
      search={{ label: 'Rechercher une offre' }}
      empty="Aucune offre trouvée"
      columns={columns}
      rowKey={(item) => item.id}
      toolbar={
        <>
          <FilterSelect
            label="État"
            value={query.query.etat}
            onChange={(etat) => query.setQuery({ etat })}
            allLabel="Tous"
            options={PUBLICATION_FILTER_OPTIONS}
          />
          {setup.statusFilter && (
            <FilterSelect
              label="Statut"
              value={query.query.statut ?? ''}
              onChange={(statut) => query.setQuery({ statut })}
              allLabel="Tous les statuts"
              options={STATUS_OPTIONS}
            />
          )}
        </>
      }
    />
  );
}
