import type { Promotion } from '#shared/types';
import { formatDate } from '#shared/format';
import { paths } from '#shared/paths';
import { countedWhatsappLink } from '#shared/whatsapp';
import { CARD_SIZES, ResponsiveImage } from './responsive-image';
import { WhatsAppMark } from './whatsapp-mark';

/**
 * The message a visitor sends to take a promotion up: its title, discount and code, so the
 * staff know at once which offer is meant (docs/product-rules.md, "Pages and routes").
 */
export function promotionMessage(promotion: Pick<Promotion, 'title' | 'discount' | 'code'>): string {
  const code = promotion.code ? ` avec le code ${promotion.code}` : '';
  return `Bonjour, je souhaite profiter de la promotion « ${promotion.title} » (${promotion.discount})${code}. Pouvez-vous me donner les détails ?`;
}

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
        {promotion.code && (
          <p className="promo-code">
            Code promo : <strong>{promotion.code}</strong>
          </p>
        )}
        <p className="muted">Valable jusqu'au {formatDate(promotion.endDate)}</p>
        <a
          className="btn btn-whatsapp card-action"
          // Counted, then 302 to the wa.me chat (docs/decisions/0043-audience-counting.md).
          href={countedWhatsappLink(paths.promotionWhatsapp(promotion.id), promotionMessage(promotion))}
          rel="noopener noreferrer"
        >
          <WhatsAppMark />
          En profiter maintenant <span className="link-channel">sur WhatsApp</span>
        </a>
      </div>
    </article>
  );
}

/** The promotions' cards in their grid (the home page's section, the promotions page). */
export function PromotionGrid({ promotions }: { promotions: readonly Promotion[] }) {
  return (
    <div className="card-grid">
      {promotions.map((promotion, index) => (
        <PromotionCard key={promotion.id} promotion={promotion} index={index} />
      ))}
    </div>
  );
}
