import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { productMessages } from '#shared/schemas/product';
import type { ProductDetail } from '#shared/types';
import { adminApi, isSessionEnd, itemData, PageHeader, Spinner } from '#client/admin/kit';
import { ProductForm } from './product-form';
import { productToValues } from './product-form-values';
import './products.css';

const NEW_TITLE = 'Ajouter un nouveau produit';
const EDIT_TITLE = 'Modifier le produit';

type Loaded = { status: 'loading' } | { status: 'missing' } | { status: 'ready'; product: ProductDetail };

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
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    adminApi<{ data: ProductDetail }>(`/products/${encodeURIComponent(productId)}`, {
      signal: controller.signal,
    })
      .then((answer) => setLoaded({ status: 'ready', product: itemData(answer) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted || isSessionEnd(error)) return;
        setLoaded({ status: 'missing' });
      });
    return () => controller.abort();
  }, [productId]);

  if (loaded.status === 'loading') return <Spinner label="Chargement..." />;
  if (loaded.status === 'missing') {
    return (
      <>
        <PageHeader title={EDIT_TITLE} />
        <p className="list-error" role="alert">
          {productMessages.notFound}
        </p>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={EDIT_TITLE}
        lead={`${loaded.product.name} — référence ${loaded.product.reference}`}
      />
      <ProductForm title={EDIT_TITLE} product={loaded.product} loaded={productToValues(loaded.product)} />
    </>
  );
}
