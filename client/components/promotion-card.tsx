import type { Promotion } from '#shared/types';
import { formatDate } from '#shared/format';
import { paths } from '#shared/paths';
import { CARD_SIZES, ResponsiveImage } from './responsive-image';

export function PromotionCard({ promotion, index }: { promotion: Promotion; index: number }) {
  return (
    <article className="card" style={{ '--stagger': index } as React.CSSProperties}>
      <div className="card-media">
        <ResponsiveImage
          className="card-image"
          path={promotion.image}
          alt={promotion.title}
          width={640}
          height={427}
          sizes={CARD_SIZES}
        />
        <span className="discount-badge">{promotion.discount}</span>
      </div>
      <div className="card-body">
        <h3>{promotion.title}</h3>
        <p className="clamp-2">{promotion.description}</p>
        <p className="muted">Valable jusqu'au {formatDate(promotion.endDate)}</p>
        <a className="link-arrow" href={paths.contact}>
          En profiter maintenant
        </a>
      </div>
    </article>
  );
}
