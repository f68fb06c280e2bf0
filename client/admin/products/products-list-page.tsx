import { useCallback, useMemo } from 'react';
import { productMessages } from '#shared/schemas/product';
import type { ProductSummary } from '#shared/types';
import { formatPrice } from '#shared/format';
import { paths } from '#shared/paths';
import {
  FilterSelect,
  ListScreen,
  rowActionsColumn,
  thumbnailColumn,
  useAdminList,
  useListScreen,
  useUrlFilter,
  type Column,
} from '#client/admin/kit';
import { usePagedRows } from './use-paged-rows';
import './products.css';
import { countOf } from '#shared/plural';

/** Product rules, Back-office lists: products filter on name or category. */
const searchText = (product: ProductSummary) => [product.name, product.category?.name];
const rowKey = (product: ProductSummary) => product.id;

/** The categories the loaded products belong to, by name: the filter's choices, without another request. */
function categoriesOf(products: readonly ProductSummary[]): { value: string; label: string }[] {
  const byId = new Map<number, string>();
  for (const product of products) if (product.category) byId.set(product.category.id, product.category.name);
  return [...byId]
    .map(([id, name]) => ({ value: String(id), label: name }))
    .sort((a, b) => a.label.localeCompare(b.label, 'fr'));
}

/** 'Produits' (product rules, Pages and routes): quick on the large seed (pages of rows). */
export function Component() {
  const list = useAdminList<ProductSummary>('/products', 'Erreur lors du chargement des produits');
  const categories = useMemo(() => categoriesOf(list.items), [list.items]);
  const category = useUrlFilter(
    'categorie',
    list.status === 'ready' ? categories.map((choice) => choice.value) : null,
  );
  const inCategory = useCallback(
    (product: ProductSummary) => String(product.category_id) === category.value,
    [category.value],
  );
  const screen = useListScreen(
    list,
    searchText,
    {
      path: (product) => `/products/${product.id}`,
      label: (product) => product.name,
      successDescription: productMessages.deleted,
      failureTitle: 'Erreur lors de la suppression du produit',
    },
    category.value ? inCategory : undefined,
  );
  const paged = usePagedRows(screen.results, screen.query);
  const { requestRemove, results } = screen;

  const columns = useMemo<Column<ProductSummary>[]>(
    () => [
      thumbnailColumn((product) => product.image),
      { header: 'Nom', cell: (product) => product.name },
      { header: 'Prix', cell: (product) => formatPrice(product.price), className: 'num' },
      { header: 'Catégorie', cell: (product) => product.category?.name ?? 'N/A' },
      { header: 'Stock', cell: (product) => product.stock, className: 'num' },
      rowActionsColumn((product) => ({
        label: product.name,
        editTo: paths.adminProductEdit(product.id),
        onDelete: () => requestRemove(product),
      })),
    ],
    [requestRemove],
  );

  return (
    <ListScreen
      title="Produits"
      lead="Le catalogue de matériaux et de mobilier."
      newTo={paths.adminProductNew}
      newLabel="Nouveau produit"
      searchLabel="Rechercher un produit"
      list={list}
      screen={screen}
      empty="Aucun produit trouvé"
      columns={columns}
      rowKey={rowKey}
      rows={paged.rows}
      toolbar={
        <>
          <FilterSelect
            label="Catégorie"
            value={category.value}
            onChange={category.setValue}
            allLabel="Toutes les catégories"
            options={categories}
          />
          {list.status === 'ready' && results.length > 0 && (
            <p className="muted list-count" role="status">
              {paged.rows.length < results.length
                ? `${paged.rows.length} produits affichés sur ${results.length}`
                : countOf(results.length, 'produit')}
            </p>
          )}
        </>
      }
    >
      {paged.hasMore && (
        <div className="list-more">
          <button type="button" className="btn btn-outline" onClick={paged.showMore}>
            Afficher plus
          </button>
        </div>
      )}
    </ListScreen>
  );
}
