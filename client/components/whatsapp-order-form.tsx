import { useId } from 'react';
import { paths } from '#shared/paths';
import {
  ORDER_QUANTITY_FIELD,
  ORDER_QUANTITY_MAX,
  ORDER_QUANTITY_MIN,
  orderActionLabel,
} from '#shared/whatsapp';
import { WhatsAppMark } from './whatsapp-mark';

/**
 * The catalogue dialog's and the product page's order (docs/product-rules.md, "WhatsApp"): a
 * quantity and 'Commander via WhatsApp', or 'Demander la disponibilité' when the product is
 * out of stock. A plain GET form to the server, which answers with the wa.me chat holding the
 * quantity: it works the same with and without JavaScript (decision 0026).
 */
export function WhatsAppOrderForm({ product }: { product: { id: number; stock: number } }) {
  const quantityId = useId();
  return (
    <form className="order-form" action={paths.productOrder(product.id)} method="get" target="_blank">
      <label htmlFor={quantityId}>Quantité</label>
      <input
        id={quantityId}
        type="number"
        name={ORDER_QUANTITY_FIELD}
        min={ORDER_QUANTITY_MIN}
        max={ORDER_QUANTITY_MAX}
        step={1}
        defaultValue={ORDER_QUANTITY_MIN}
        inputMode="numeric"
        required
      />
      <button type="submit" className="btn btn-whatsapp">
        <WhatsAppMark />
        {orderActionLabel(product.stock)}
      </button>
    </form>
  );
}
