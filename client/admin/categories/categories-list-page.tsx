import { useMemo } from 'react';
import { categoryMessages } from '#shared/schemas/category';
import type { Category } from '#shared/types';
import { paths } from '#shared/paths';
import { ListScreen, rowActionsColumn, useAdminList, useListScreen, type Column } from '#client/admin/kit';

/** Product rules, Back-office lists: categories filter on name or description. */
const searchText = (category: Category) => [category.name, category.description];

/** 'Catégories' (product rules, Pages and routes): the model list screen of the back office. */
export function Component() {
  const list = useAdminList<Category>('/categories', 'Impossible de charger les catégories');
  const screen = useListScreen(list, searchText, {
    path: (category) => `/categories/${category.id}`,
    label: (category) => category.name,
    successDescription: categoryMessages.deleted,
    failureTitle: 'Erreur lors de la suppression de la catégorie',
  });
  const { requestRemove } = screen;

  const columns = useMemo<Column<Category>[]>(
    () => [
      { header: 'Nom', cell: (category) => category.name },
      { header: 'Nombre de produits', cell: (category) => category.products_count, className: 'num' },
      { header: 'Description', cell: (category) => category.description },
      rowActionsColumn((category) => ({
        label: category.name,
        editTo: paths.adminCategoryEdit(category.id),
        onDelete: () => requestRemove(category),
      })),
    ],
    [requestRemove],
  );

  return (
    <ListScreen
      title="Catégories"
      lead="Les catégories du catalogue de produits."
      newTo={paths.adminCategoryNew}
      newLabel="Nouvelle catégorie"
      searchLabel="Rechercher une catégorie"
      list={list}
      screen={screen}
      empty="Aucune catégorie trouvée"
      columns={columns}
      rowKey={(category) => category.id}
    />
  );
}
