import type { CSSProperties } from 'react';
import { CARD_SIZES, ResponsiveImage } from '#client/components/responsive-image';
import type { ServiceLine } from '#client/lib/service-lines';

/** Service card of product rules, Entities: title, image, details list, link with its text. */
export function ServiceCard({
  service,
  image,
  index,
}: {
  service: ServiceLine;
  image: string | null;
  index: number;
}) {
  const titleId = `service-${service.id}`;
  return (
    <article
      className="card service-card"
      aria-labelledby={titleId}
      style={{ '--stagger': index } as CSSProperties}
    >
      {/* Decorative: the title says what the picture shows. */}
      <ResponsiveImage
        className="card-image"
        path={image}
        alt=""
        width={640}
        height={427}
        sizes={CARD_SIZES}
      />
      <div className="card-body">
        <h2 id={titleId}>{service.title}</h2>
        <ul className="check-list">
          {service.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
        <a className="btn btn-primary" href={service.link}>
          {service.linkText}
        </a>
      </div>
    </article>
  );
}
