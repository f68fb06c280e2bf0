import type { ProductDetail } from '#shared/types';
import { imageUrl } from '#shared/image-url';
import { paths } from '#shared/paths';

/**
 * schema.org Product for search engines (product rules, Public site): the
 * reference as sku, the price as a number in XOF (whole F CFA, product rules) and the stock as
 * availability. URLs are absolute, from APP_URL.
 */
export function productJsonLd(product: ProductDetail, appUrl: string): object {
  const absolute = (url: string) => (/^https?:\/\//i.test(url) ? url : `${appUrl}${url}`);
  const url = absolute(paths.product(product.id));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: product.reference,
    ...(product.image ? { image: absolute(imageUrl(product.image)) } : {}),
    description: product.description,
    ...(product.category ? { category: product.category.name } : {}),
    url,
    offers: {
      '@type': 'Offer',
      price: product.price,
      priceCurrency: 'XOF',
      availability: product.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url,
    },
  };
}
