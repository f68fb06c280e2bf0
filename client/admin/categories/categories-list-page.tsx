import { useMemo } from 'react';
import { CATEGORIES_ADMIN_PER_PAGE, categoryMessages } from '#shared/schemas/category';
import type { Category } from '#shared/types';
import { paths } from '#shared/paths';
import {
  PagedListScreen,
  TRASH_WARNING,
  trashBulkAction,
  rowActionsColumn,
  serverListCodec,
  serverListLoader,
  useCan,
  useServerListScreen,
  type BulkAction,
  type Column,
} from '#client/admin/kit';

const codec = serverListCodec<Record<string, never>>({ sort: 'name' });
const load = serverListLoader<Category>('/admin/categories', codec);
const rowKey = (category: Category) => category.id;
const labelOf = (category: Category) => category.name;

/**
 * The one bulk action: to the trash. The server refuses, by name, a category still holding
 * products (docs/product-rules.md, "Bulk actions"); the others go.
 */
const ACTIONS: readonly BulkAction[] = [
  trashBulkAction(
    'catalogue',
    `${TRASH_WARNING} Une catégorie qui contient encore des produits est laissée en place.`,
  ),
];
const BULK = {
  path: '/admin/categories/bulk',
  noun: ['catégorie', 'catégories'] as const,
  feminine: true,
  labelOf,
  actions: ACTIONS,
};

/**
 * 'Catégories' (product rules, Pages and routes), read page by page from the server
 * (docs/product-rules.md, "Lists of the back office"), each with its number of products.
 * A category still holding products cannot be deleted (product rules, Corrections of the
 * original): its 'Supprimer' says so before anything is asked.
 */
export function Component() {
  const mayWrite = useCan('catalogue');
  const { requestRemove, screen } = useServerListScreen({
    codec,
    load,
    perPage: CATEGORIES_ADMIN_PER_PAGE,
    errorMessage: 'Impossible de charger les catégories',
    remove: {
      path: (category) => `/categories/${category.id}`,
      trashKind: 'category',
      label: labelOf,
      successDescription: categoryMessages.deleted,
      failureTitle: 'Erreur lors de la suppression de la catégorie',
    },
    ...(mayWrite ? { bulk: BULK } : {}),
  });

  const columns = useMemo<Column<Category>[]>(
    () => [
      { header: 'Nom', sort: 'name', cell: (category) => category.name },
      {
        header: 'Nombre de produits',
        sort: 'products_count',
        cell: (category) => category.products_count,
        className: 'num',
      },
      { header: 'Description', cell: (category) => category.description },
      rowActionsColumn(
        (category) => ({
          label: category.name,
          editTo: paths.adminCategoryEdit(category.id),
          onDelete: () => requestRemove(category),
          deleteRefusal: category.products_count > 0 ? categoryMessages.notEmpty : null,
        }),
        { access: 'catalogue', view: false },
      ),
    ],
    [requestRemove],
  );

  return (
    <PagedListScreen
      {...screen}
      title="Catégories"
      lead="Les catégories du catalogue de produits."
      newAccess="catalogue"
      newTo={paths.adminCategoryNew}
      newLabel="Nouvelle catégorie"
      search={{ label: 'Rechercher une catégorie' }}
      empty="Aucune catégorie trouvée"
      columns={columns}
      rowKey={rowKey}
    />
  );
}
