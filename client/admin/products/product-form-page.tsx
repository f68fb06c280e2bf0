import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { productMessages } from '#shared/schemas/product';
import type { ProductDetail } from '#shared/types';
import { ItemLoadState, PageHeader, useAdminItem, RevisionHistory } from '#client/admin/kit';
import { ProductForm } from './product-form';
import { productToValues } from './product-form-values';
import './products.css';

const NEW_TITLE = 'Ajouter un nouveau produit';
const EDIT_TITLE = 'Modifier le produit';

/**
 * /admin/products/new and /admin/products/edit/{productId} (product rules, Pages and routes): the page and
 * its form are titled 'Ajouter un nouveau produit'; editing shows 'Chargement...' while the
 * product loads, then 'Produit non trouvé' if it cannot be loaded.
 */
export function Component() {
  const { productId } = useParams();
  if (productId === undefined) {
    return (
      <>
        <PageHeader title={NEW_TITLE} />
        <ProductForm title={NEW_TITLE} />
      </>
    );
  }
  // Keyed by id: another product gets a fresh form and load.
  return <EditProduct key={productId} productId={productId} />;
}

function EditProduct({ productId }: { productId: string }) {
  // A restored version loads the product again, into a new form (docs/product-rules.md, "Revisions").
  const [round, setRound] = useState(0);
  const loaded = useAdminItem<ProductDetail>(`/products/${encodeURIComponent(productId)}`, { round });

  if (loaded.status !== 'ready')
    return <ItemLoadState state={loaded} title={EDIT_TITLE} notFound={productMessages.notFound} />;
  return (
    <>
      <PageHeader title={EDIT_TITLE} lead={`${loaded.item.name} — référence ${loaded.item.reference}`}>
        <RevisionHistory kind="product" id={loaded.item.id} onRestored={() => setRound((n) => n + 1)} />
      </PageHeader>
      <ProductForm
        key={round}
        title={EDIT_TITLE}
        product={loaded.item}
        loaded={productToValues(loaded.item)}
      />
    </>
  );
}
