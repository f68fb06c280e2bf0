import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { productMessages } from '#shared/schemas/product';
import type { ProductSummary } from '#shared/types';
import { formatPrice } from '#shared/format';
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
import { usePagedRows } from './use-paged-rows';
import './products.css';

/** Product rules, Validation, "Admin list behaviour": products filter on name or category. */
const searchText = (product: ProductSummary) => [product.name, product.category?.name];
const rowKey = (product: ProductSummary) => product.id;

/** 'Produits' (product rules, Pages and routes, "Products list"): quick on the large seed (pages of rows). */
export function Component() {
  const list = useAdminList<ProductSummary>('/products', 'Erreur lors du chargement des produits');
  const [query, setQuery] = useState('');
  const { results, pending } = useSearch(list.items, query, searchText);
  const paged = usePagedRows(results, query);
  const remove = useDelete<ProductSummary>({
    path: (product) => `/products/${product.id}`,
    label: (product) => product.name,
    successDescription: productMessages.deleted,
    failureTitle: 'Erreur lors de la suppression du produit',
    onDeleted: list.reload,
  });
  const { request: requestRemove } = remove;

  const columns = useMemo<Column<ProductSummary>[]>(
    () => [
      { header: 'Nom', cell: (product) => product.name },
      { header: 'Prix (FCFA)', cell: (product) => formatPrice(product.price), className: 'num' },
      { header: 'Catégorie', cell: (product) => product.category?.name ?? 'N/A' },
      { header: 'Stock', cell: (product) => product.stock, className: 'num' },
      {
        header: 'Actions',
        className: 'actions',
        cell: (product) => (
          <div className="row-actions">
            <Link
              className="btn btn-outline btn-small"
              to={paths.adminProductEdit(product.id)}
              aria-label={`Modifier ${product.name}`}
            >
              Modifier
            </Link>
            <button
              type="button"
              className="btn btn-danger btn-small"
              onClick={() => requestRemove(product)}
              aria-label={`Supprimer ${product.name}`}
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
        title="Produits"
        lead="Le catalogue de matériaux et de mobilier."
        newTo={paths.adminProductNew}
        newLabel="Nouveau produit"
      />
      <div className="list-toolbar">
        <SearchBox value={query} onChange={setQuery} label="Rechercher un produit" />
        {list.status === 'ready' && results.length > 0 && (
          <p className="muted list-count" role="status">
            {paged.rows.length < results.length
              ? `${paged.rows.length} produits affichés sur ${results.length}`
              : `${results.length} produit${results.length > 1 ? 's' : ''}`}
          </p>
        )}
      </div>
      <ListStates
        status={list.status}
        error={list.error}
        onRetry={list.reload}
        isEmpty={results.length === 0}
        empty="Aucun produit trouvé"
      >
        <DataTable caption="Produits" columns={columns} rows={paged.rows} rowKey={rowKey} stale={pending} />
        {paged.hasMore && (
          <div className="list-more">
            <button type="button" className="btn btn-outline" onClick={paged.showMore}>
              Afficher plus
            </button>
          </div>
        )}
      </ListStates>
      {remove.dialog}
    </>
  );
}
