import { useEffect, useId, useRef } from 'react';
import type { CatalogueItem } from '#shared/readers/catalogue';
import { formatPrice } from '#shared/format';
import { paths } from '#shared/paths';
import { PriceInEuros } from './price-in-euros';
import { ProductStock } from './product-stock';
import { ResponsiveImage } from './responsive-image';
import { WhatsAppOrderForm } from './whatsapp-order-form';

interface ProductDialogProps {
  /** The product shown; null keeps the dialog closed. */
  product: CatalogueItem | null;
  /** Called once the dialog has closed, by 'Fermer' or Escape. */
  onClose: () => void;
}

/**
 * The catalogue's 'Détails' modal (product rules, Pages and routes): name, description, 'Fermer' and
 * the order form with its quantity ('Commander via WhatsApp', or 'Demander la disponibilité'
 * out of stock; docs/product-rules.md, "WhatsApp"). A native modal <dialog>: showModal() makes the page behind it
 * inert (focus stays inside) and Escape closes it; the island returns focus to the button.
 */
export function ProductDialog({ product, onClose }: ProductDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!product || !dialog || dialog.open) return;
    dialog.showModal();
    // showModal() would focus the quantity field, and a phone's number keyboard would cover
    // the window: the title takes the focus, so a screen reader reads it first.
    title.current?.focus();
  }, [product]);

  return (
    <dialog ref={ref} className="product-dialog" aria-labelledby={titleId} onClose={onClose}>
      {product && (
        <>
          <ResponsiveImage
            className="dialog-image"
            path={product.image}
            alt=""
            width={640}
            height={427}
            sizes="(min-width: 40rem) 36rem, 100vw"
          />
          <h2 id={titleId} ref={title} tabIndex={-1}>
            {product.name}
          </h2>
          <p className="price">
            {formatPrice(product.price)} <PriceInEuros amount={product.price} />
          </p>
          <ProductStock stock={product.stock} />
          <p>{product.description}</p>
          <WhatsAppOrderForm product={product} />
          <div className="hero-actions">
            <a className="btn btn-outline" href={paths.product(product.id)}>
              Voir la fiche produit
            </a>
            <button type="button" className="btn btn-outline" onClick={() => ref.current?.close()}>
              Fermer
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
