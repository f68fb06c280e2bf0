import { useMemo } from 'react';
import { categoryMessages } from '#shared/schemas/category';
import type { Category } from '#shared/types';
import { paths } from '#shared/paths';
import {
  PagedListScreen,
  rowActionsColumn,
  searchRows,
  useWholeList,
  useWholeListScreen,
  type Column,
  type ListQuery,
} from '#client/admin/kit';

/** Product rules, Back-office lists: categories filter on name or description. */
const searchText = (category: Category) => [category.name, category.description];
const select = (all: Category[], query: ListQuery) => searchRows(all, query.search, searchText);
const rowKey = (category: Category) => category.id;

/** 'Catégories' (product rules, Pages and routes): the model list screen of the back office. */
export function Component() {
  const whole = useWholeList('/categories', select);
  const { requestRemove, screen } = useWholeListScreen(whole, {
    errorMessage: 'Impossible de charger les catégories',
    remove: {
      path: (category) => `/categories/${category.id}`,
      trashKind: 'category',
      label: (category) => category.name,
      successDescription: categoryMessages.deleted,
      failureTitle: 'Erreur lors de la suppression de la catégorie',
    },
  });

  const columns = useMemo<Column<Category>[]>(
    () => [
      { header: 'Nom', cell: (category) => category.name },
      { header: 'Nombre de produits', cell: (category) => category.products_count, className: 'num' },
      { header: 'Description', cell: (category) => category.description },
      rowActionsColumn(
        (category) => ({
          label: category.name,
          editTo: paths.adminCategoryEdit(category.id),
          onDelete: () => requestRemove(category),
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
