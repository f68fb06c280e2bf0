import { useMemo } from 'react';
import { PRODUCTS_ADMIN_PER_PAGE, productMessages } from '#shared/schemas/product';
import type { ProductSummary } from '#shared/types';
import { formatPrice } from '#shared/format';
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
import { useProductCategories } from './use-product-categories';
import './products.css';

/**
 * The URL keeps the product rules' names: `?categorie=<id>` and the state's `?etat=`; the
 * API reads them as `category_id` and `publication` (docs/product-rules.md, "Back office").
 */
const codec = serverListCodec({
  sort: '-created_at',
  filters: { categorie: '', etat: '' },
  api: { categorie: 'category_id', etat: 'publication' },
});
const load = serverListLoader<ProductSummary, { categorie: string; etat: string }>('/admin/products', codec);
const rowKey = (product: ProductSummary) => product.id;
const labelOf = (product: ProductSummary) => product.name;

/**
 * 'Produits' (product rules, Pages and routes), read page by page from the server
 * (docs/product-rules.md, "Lists of the back office"): sorted on a header's click, filtered
 * by category and state, with the bulk actions of "Bulk actions" for the catalogue's writers.
 */
export function Component() {
  const { categories } = useProductCategories();
  const options = useMemo(
    () =>
      categories
        .map((category) => ({ value: String(category.id), label: category.name }))
        .sort((a, b) => a.label.localeCompare(b.label, 'fr')),
    [categories],
  );
  const mayWrite = useCan('catalogue');
  const actions = useMemo<BulkAction[]>(
    () => [
      {
        action: 'publish',
        label: 'Publier',
        access: 'catalogue',
        question: (count) => `Publier ${count} maintenant ?`,
        description: 'Un produit programmé est publié tout de suite.',
      },
      {
        action: 'unpublish',
        label: 'Dépublier',
        access: 'catalogue',
        question: (count) => `Repasser ${count} en brouillon ?`,
        description: 'Ils disparaissent du site jusqu’à leur publication.',
      },
      {
        action: 'move_category',
        label: 'Changer de catégorie',
        access: 'catalogue',
        question: (count) => `Déplacer ${count} vers une autre catégorie ?`,
        choose: { name: 'category_id', label: 'Nouvelle catégorie', options },
      },
      trashBulkAction('catalogue'),
    ],
    [options],
  );
  const { query, requestRemove, screen } = useServerListScreen({
    codec,
    load,
    perPage: PRODUCTS_ADMIN_PER_PAGE,
    errorMessage: 'Erreur lors du chargement des produits',
    remove: {
      path: (product) => `/products/${product.id}`,
      trashKind: 'product',
      label: labelOf,
      successDescription: productMessages.deleted,
      failureTitle: 'Erreur lors de la suppression du produit',
    },
    ...(mayWrite
      ? { bulk: { path: '/admin/products/bulk', noun: ['produit', 'produits'] as const, labelOf, actions } }
      : {}),
  });
  const { setQuery } = query;

  const columns = useMemo<Column<ProductSummary>[]>(
    () => [
      thumbnailColumn((product) => product.image),
      { header: 'Nom', sort: 'name', cell: (product) => product.name },
      { header: 'Prix', sort: 'price', cell: (product) => formatPrice(product.price), className: 'num' },
      { header: 'Catégorie', sort: 'category', cell: (product) => product.category?.name ?? 'N/A' },
      { header: 'Stock', sort: 'stock', cell: (product) => product.stock, className: 'num' },
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
            value={query.query.categorie}
            onChange={(categorie) => setQuery({ categorie })}
            allLabel="Toutes les catégories"
            options={options}
          />
          <FilterSelect
            label="État"
            value={query.query.etat}
            onChange={(etat) => setQuery({ etat })}
            allLabel="Tous"
            options={PUBLICATION_FILTER_OPTIONS}
          />
        </>
      }
    />
  );
}
