import type { CatalogueItem } from '#shared/readers/catalogue';
import { formatPrice } from '#shared/format';
import { paths } from '#shared/paths';
import { PriceInEuros } from './price-in-euros';
import { CATALOGUE_CARD_SIZES, ResponsiveImage } from './responsive-image';

interface ProductCardProps {
  item: CatalogueItem;
  /** Position in its batch, for the 0.1 s card stagger (product rules, Limits and constants). */
  index: number;
  /** The first card's image may be the largest of the first view on a phone. */
  priority?: boolean;
  /**
   * With script, 'Détails' is a button that opens the modal; without (and in the server
   * HTML), a link to the product's own page.
   */
  onDetails?: (item: CatalogueItem, opener: HTMLButtonElement) => void;
}

/**
 * A catalogue card (product rules, Pages and routes): image, name, price, 'Rupture de stock'
 * when none is left (docs/product-rules.md, "WhatsApp"), two-line description, 'Détails'.
 */
export function ProductCard({ item, index, priority, onDetails }: ProductCardProps) {
  const label = (
    <>
      Détails<span className="visually-hidden"> : {item.name}</span>
    </>
  );
  return (
    <article className="card" style={{ '--stagger': index } as React.CSSProperties}>
      <ResponsiveImage
        className="card-image"
        path={item.image}
        alt={item.name}
        width={640}
        height={427}
        sizes={CATALOGUE_CARD_SIZES}
        priority={priority}
      />
      <div className="card-body">
        <h3>{item.name}</h3>
        <p className="price">
          {formatPrice(item.price)} <PriceInEuros amount={item.price} />
        </p>
        {item.stock <= 0 && <p className="stock stock-out">Rupture de stock</p>}
        <p className="clamp-2">{item.description}</p>
        {onDetails ? (
          <button
            type="button"
            className="btn btn-outline card-action"
            onClick={(event) => onDetails(item, event.currentTarget)}
          >
            {label}
          </button>
        ) : (
          <a className="btn btn-outline card-action" href={paths.product(item.id)}>
            {label}
          </a>
        )}
      </div>
    </article>
  );
}
