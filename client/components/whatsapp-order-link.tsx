import { whatsappLink, productOrderMessage, type OrderedProduct } from '#client/lib/whatsapp';

/** 'Commander via WhatsApp' (product rules, Pages and routes): the catalogue's modal and the product page. */
export function WhatsAppOrderLink({ whatsapp, product }: { whatsapp: string; product: OrderedProduct }) {
  return (
    <a
      className="btn btn-primary"
      href={whatsappLink(whatsapp, productOrderMessage(product))}
      target="_blank"
      rel="noopener noreferrer"
    >
      Commander via WhatsApp
    </a>
  );
}
