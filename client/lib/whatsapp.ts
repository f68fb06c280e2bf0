import { formatPrice } from '#shared/format';

/** A wa.me link with a prefilled message (product rules, Audience and services: orders go through WhatsApp). */
export function whatsappLink(number: string, message?: string): string {
  const digits = number.replace(/\D/g, '');
  return message ? `https://wa.me/${digits}?text=${encodeURIComponent(message)}` : `https://wa.me/${digits}`;
}

export interface OrderedProduct {
  name: string;
  reference: string | null;
  price: number;
}

/** Product rules, Limits and constants: the prefilled French order message carries name, reference and price. */
export function productOrderMessage(product: OrderedProduct): string {
  const reference = product.reference ? ` (réf. ${product.reference})` : '';
  return `Bonjour, je souhaite commander le produit « ${product.name} »${reference} au prix de ${formatPrice(product.price)}. Est-il disponible ?`;
}
