import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { ProductDetail } from '#shared/types';
import { ProductStock } from '#client/components/product-stock';
import { ResponsiveImage } from '#client/components/responsive-image';
import ProductTabs from '#client/islands/product-tabs';
import { formatPrice } from '#shared/format';
import { PriceInEuros } from '#client/components/price-in-euros';
import { imageUrl } from '#shared/image-url';
import { pageContext } from '#shared/page-context';
import type { RouteHandle } from '#shared/page-meta';
import { paths } from '#shared/paths';
import { wholeNumber } from './catalogue-query';
import { productJsonLd } from './product-json-ld';
import { WhatsAppOrderForm } from '#client/components/whatsapp-order-form';

/** /products/{productId} (product rules, Pages and routes): an unknown or malformed id answers 404 'Produit non trouvé'. */
export async function loader(args: LoaderFunctionArgs) {
  const context = pageContext(args);
  const id = wholeNumber(args.params.productId);
  const product = id === null ? null : await context.catalogueProduct(id);
  if (!product) return data({ product: null }, { status: 404 });
  return { product };
}

type LoaderData = { product: ProductDetail | null };

export const handle: RouteHandle<LoaderData> = {
  styles: ['catalogue'],
  meta: ({ site, data: { product }, appUrl }) =>
    product
      ? {
          title: `${product.name} — ${site.name}`,
          description: product.description,
          image: product.image,
          jsonLd: [productJsonLd(product, appUrl)],
        }
      : {
          title: 'Produit non trouvé',
          description: 'Ce produit n’existe pas ou a été retiré du catalogue.',
          noindex: true,
        },
};

function BackLink() {
  return (
    <a className="link-back" href={paths.products}>
      Retour aux produits BTP
    </a>
  );
}

export function Component() {
  const { product } = useLoaderData() as LoaderData;
  if (!product) {
    return (
      <section className="container not-found">
        <h1>Produit non trouvé</h1>
        <p>Ce produit n’existe pas ou a été retiré du catalogue.</p>
        <a className="btn btn-primary" href={paths.products}>
          Retour aux produits BTP
        </a>
      </section>
    );
  }
  const onSale = product.old_price !== null && product.discount !== null;
  return (
    <article className="section container">
      <BackLink />
      <div className="product">
        <div>
          <ResponsiveImage
            className="product-image"
            path={product.image}
            alt={product.name}
            width={960}
            height={640}
            sizes="(min-width: 64rem) 36rem, 100vw"
            priority
          />
          {product.gallery.length > 0 && (
            <ul className="product-thumbs">
              {product.gallery.map((path, i) => (
                <li key={path}>
                  <a href={imageUrl(path)}>
                    <ResponsiveImage
                      path={path}
                      alt={`${product.name}, photo ${i + 2}`}
                      width={160}
                      height={107}
                      sizes="8rem"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="product-info">
          <h1>{product.name}</h1>
          <p className="muted">Référence : {product.reference}</p>
          <p className="product-price">
            <span className="price">{formatPrice(product.price)}</span>
            {onSale && (
              <>
                {' '}
                <del className="price-old">
                  <span className="visually-hidden">Ancien prix : </span>
                  {formatPrice(product.old_price!)}
                </del>{' '}
                <span className="badge badge-discount">-{product.discount}%</span>
              </>
            )}
          </p>
          <p className="price-euro-line">
            <PriceInEuros amount={product.price} withNote />
          </p>
          <ProductStock stock={product.stock} />
          <p>{product.description}</p>
          <WhatsAppOrderForm product={product} />
        </div>
      </div>
      <ProductTabs
        details={product.long_description?.trim() || product.description}
        specifications={product.specifications}
        features={product.features}
      />
    </article>
  );
}
