import { useMemo } from 'react';
import { productMessages } from '#shared/schemas/product';
import type { ProductSummary } from '#shared/types';
import { formatPrice } from '#shared/format';
import { paths } from '#shared/paths';
import {
  FilterSelect,
  publicationColumn,
  PagedListScreen,
  rowActionsColumn,
  searchRows,
  thumbnailColumn,
  useUrlFilter,
  useWholeList,
  useWholeListScreen,
  usePublicationFilter,
  type Column,
  type ListQuery,
} from '#client/admin/kit';
import './products.css';
import { countOf } from '#shared/plural';

/** Rows rendered at a time: the large seed holds hundreds of products. */
export const ROWS_PER_PAGE = 50;

type ProductQuery = ListQuery & { categorie: string };

/** Product rules, Back-office lists: products filter on name or category. */
const searchText = (product: ProductSummary) => [product.name, product.category?.name];
const select = (all: ProductSummary[], query: ProductQuery) =>
  searchRows(
    query.categorie ? all.filter((product) => String(product.category_id) === query.categorie) : all,
    query.search,
    searchText,
  );
const rowKey = (product: ProductSummary) => product.id;

/** The categories the loaded products belong to, by name: the filter's choices, without another request. */
function categoriesOf(products: readonly ProductSummary[]): { value: string; label: string }[] {
  const byId = new Map<number, string>();
  for (const product of products) if (product.category) byId.set(product.category.id, product.category.name);
  return [...byId]
    .map(([id, name]) => ({ value: String(id), label: name }))
    .sort((a, b) => a.label.localeCompare(b.label, 'fr'));
}

/**
 * 'Produits' (product rules, Pages and routes): quick on the large seed,
 * 50 rows at first and 50 more per 'Afficher plus'; a new search starts again at 50.
 */
export function Component() {
  // The state is filtered by the API (`publication`): its source changes with the choice.
  const publication = usePublicationFilter();
  const whole = useWholeList(publication.path('/products'), select);
  const categories = useMemo(() => categoriesOf(whole.items ?? []), [whole.items]);
  const category = useUrlFilter('categorie', whole.items ? categories.map((choice) => choice.value) : null);
  const { list, requestRemove, screen } = useWholeListScreen(whole, {
    filters: { categorie: category.value },
    perPage: ROWS_PER_PAGE,
    pager: 'more',
    errorMessage: 'Erreur lors du chargement des produits',
    remove: {
      path: (product) => `/products/${product.id}`,
      trashKind: 'product',
      label: (product) => product.name,
      successDescription: productMessages.deleted,
      failureTitle: 'Erreur lors de la suppression du produit',
    },
  });
  const page = list.page;

  const columns = useMemo<Column<ProductSummary>[]>(
    () => [
      thumbnailColumn((product) => product.image),
      { header: 'Nom', cell: (product) => product.name },
      { header: 'Prix', cell: (product) => formatPrice(product.price), className: 'num' },
      { header: 'Catégorie', cell: (product) => product.category?.name ?? 'N/A' },
      { header: 'Stock', cell: (product) => product.stock, className: 'num' },
      publicationColumn((product) => product),
      rowActionsColumn(
        (product) => ({
          label: product.name,
          editTo: paths.adminProductEdit(product.id),
          onDelete: () => requestRemove(product),
        }),
        { access: 'catalogue', view: false },
      ),
    ],
    [requestRemove],
  );

  return (
    <PagedListScreen
      {...screen}
      title="Produits"
      lead="Le catalogue de matériaux et de mobilier."
      newAccess="catalogue"
      newTo={paths.adminProductNew}
      newLabel="Nouveau produit"
      search={{ label: 'Rechercher un produit' }}
      empty="Aucun produit trouvé"
      columns={columns}
      rowKey={rowKey}
      toolbar={
        <>
          <FilterSelect
            label="Catégorie"
            value={category.value}
            onChange={category.setValue}
            allLabel="Toutes les catégories"
            options={categories}
          />
          {publication.control}
          {list.status === 'ready' && page && page.total > 0 && (
            <p className="muted list-count" role="status">
              {page.data.length < page.total
                ? `${page.data.length} produits affichés sur ${page.total}`
                : countOf(page.total, 'produit')}
            </p>
          )}
        </>
      }
    />
  );
}
