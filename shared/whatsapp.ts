import { formatPrice } from './format';

/** A wa.me link with a prefilled message (product rules, Audience and services: orders go through WhatsApp). */
export function whatsappLink(number: string, message?: string): string {
  const digits = number.replace(/\D/g, '');
  return message ? `https://wa.me/${digits}?text=${encodeURIComponent(message)}` : `https://wa.me/${digits}`;
}

/** The message's field on the counted WhatsApp links (paths.offerWhatsapp, paths.promotionWhatsapp). */
export const COUNTED_LINK_TEXT = 'text';

/**
 * A same-site link that answers 302 to `whatsappLink(number, message)` after counting the
 * click (docs/decisions/0043-audience-counting.md): works without JavaScript, sets no cookie.
 */
export function countedWhatsappLink(path: string, message: string): string {
  return `${path}?${COUNTED_LINK_TEXT}=${encodeURIComponent(message)}`;
}

export interface OrderedProduct {
  name: string;
  reference: string | null;
  price: number;
  stock: number;
}

/**
 * The quantity a visitor may order in one message (docs/product-rules.md, "WhatsApp"):
 * a whole number from 1 to 9 999, the field's `min`/`max` and the server's check alike.
 */
export const ORDER_QUANTITY_MIN = 1;
export const ORDER_QUANTITY_MAX = 9_999;

/** The order form's field: `?quantite=` on the order address. */
export const ORDER_QUANTITY_FIELD = 'quantite';

export const ORDER_QUANTITY_ERROR = `Quantité invalide : indiquez un nombre entier de ${ORDER_QUANTITY_MIN} à 9 999.`;

/** A typed quantity, or null when it is not a whole number in range. */
export function parseOrderQuantity(raw: unknown): number | null {
  if (typeof raw !== 'string' || !/^\d{1,4}$/.test(raw.trim())) return null;
  const quantity = Number(raw.trim());
  return quantity >= ORDER_QUANTITY_MIN && quantity <= ORDER_QUANTITY_MAX ? quantity : null;
}

const named = (product: OrderedProduct) =>
  `« ${product.name} »${product.reference ? ` (réf. ${product.reference})` : ''}`;

/**
 * The prefilled French order message (docs/product-rules.md, "WhatsApp"): quantity, name,
 * reference, unit price and, past one unit, the total, so the staff can answer with a quote
 * at once. An out-of-stock product asks when it will be available instead.
 */
export function productOrderMessage(product: OrderedProduct, quantity: number): string {
  if (product.stock <= 0) {
    return `Bonjour, le produit ${named(product)} est indiqué en rupture de stock sur votre site. Quand sera-t-il de nouveau disponible ? Quantité souhaitée : ${quantity}.`;
  }
  const total = quantity > 1 ? `, soit ${formatPrice(product.price * quantity)} au total` : '';
  return `Bonjour, je souhaite commander ${quantity} × ${named(product)} au prix unitaire de ${formatPrice(product.price)}${total}. Est-il disponible ?`;
}

/** What the visitor asks for, as the button says it: order, or ask when it comes back. */
export const orderActionLabel = (stock: number) =>
  stock > 0 ? 'Commander via WhatsApp' : 'Demander la disponibilité';

/** The floating button's message, on every public page: a greeting the visitor completes. */
export function greetingMessage(siteName: string): string {
  return `Bonjour ${siteName}, je vous écris depuis votre site.`;
}

/**
 * The client's answer from their private tracking page (docs/product-rules.md, "Tracking
 * link"): their first name, the request's reference and the page's own link, so the staff
 * find the request at once. Nothing else of the request: the page shows nothing more personal.
 */
export function trackingReplyMessage(firstName: string, reference: string, link: string): string {
  return `Bonjour, ici ${firstName}. Je vous écris au sujet de ma demande ${reference} (page de suivi : ${link}).`;
}

/**
 * 'Prévenir sur WhatsApp' on a published site update (docs/product-rules.md, "Site
 * updates"): the client's first name, the update's phase, and the tracking page's address
 * where a client gets their link again. The private link itself cannot be given: only its
 * hash is stored, and a new one would revoke the one the client keeps
 * (docs/decisions/0021-site-updates.md).
 */
export function siteUpdateWhatsappMessage(
  firstName: string,
  phaseLabel: string,
  trackingUrl: string,
): string {
  return (
    `Bonjour ${firstName}, une nouvelle mise à jour de votre chantier est en ligne (phase : ${phaseLabel}). ` +
    `Ouvrez votre lien de suivi personnel pour voir les photos. Lien perdu ? Demandez-en un nouveau ici : ${trackingUrl}`
  );
}
