import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { categoryMessages } from '#shared/schemas/category';
import type { Category } from '#shared/types';
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

/** Product rules, Validation, "Admin list behaviour": categories filter on name or description. */
const searchText = (category: Category) => [category.name, category.description];

/** 'Catégories' (product rules, Pages and routes): the model list screen of the back office. */
export function Component() {
  const list = useAdminList<Category>('/categories', 'Impossible de charger les catégories');
  const [query, setQuery] = useState('');
  const { results, pending } = useSearch(list.items, query, searchText);
  const remove = useDelete<Category>({
    path: (category) => `/categories/${category.id}`,
    label: (category) => category.name,
    successDescription: categoryMessages.deleted,
    failureTitle: 'Erreur lors de la suppression de la catégorie',
    onDeleted: list.reload,
  });
  const { request: requestRemove } = remove;

  const columns = useMemo<Column<Category>[]>(
    () => [
      { header: 'Nom', cell: (category) => category.name },
      { header: 'Nombre de produits', cell: (category) => category.products_count, className: 'num' },
      { header: 'Description', cell: (category) => category.description },
      {
        header: 'Actions',
        className: 'actions',
        cell: (category) => (
          <div className="row-actions">
            <Link
              className="btn btn-outline btn-small"
              to={paths.adminCategoryEdit(category.id)}
              aria-label={`Modifier ${category.name}`}
            >
              Modifier
            </Link>
            <button
              type="button"
              className="btn btn-danger btn-small"
              onClick={() => requestRemove(category)}
              aria-label={`Supprimer ${category.name}`}
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
        title="Catégories"
        lead="Les catégories du catalogue de produits."
        newTo={paths.adminCategoryNew}
        newLabel="Nouvelle catégorie"
      />
      <div className="list-toolbar">
        <SearchBox value={query} onChange={setQuery} label="Rechercher une catégorie" />
      </div>
      <ListStates
        status={list.status}
        error={list.error}
        onRetry={list.reload}
        isEmpty={results.length === 0}
        empty="Aucune catégorie trouvée"
      >
        <DataTable
          caption="Catégories"
          columns={columns}
          rows={results}
          rowKey={(category) => category.id}
          stale={pending}
        />
      </ListStates>
      {remove.dialog}
    </>
  );
}
