import type { CSSProperties, ReactNode } from 'react';
import { formatPrice, formatSurface } from '#shared/format';
import { PriceInEuros } from './price-in-euros';
import type { FleetItem, GoodItem, ParcelItem } from '#shared/readers/offers';
import { safeHref } from '#client/lib/safe-url';
import { paths } from '#shared/paths';
import type { WhatsappOfferKind } from '#shared/statistics';
import { countedWhatsappLink } from '#shared/whatsapp';
import { goodTitle } from '#shared/good-title';
import {
  fleetContactMessage,
  goodContactMessage,
  parcelContactMessage,
  parcelSoonMessage,
} from '#client/lib/offer-whatsapp-messages';
import { parcelStatusView } from '#client/lib/parcel-status';
import { OfferImage, type PreviewImage } from './offer-image';
import { WhatsAppMark } from './whatsapp-mark';

/** What every card of the offers lists receives from the list. */
export interface OfferCardContext {
  index: number;
  /**
   * The offer named by `?id=` (product rules): highlighted, and marked for the islands
   * script, which scrolls it into view and focuses it at load without React.
   */
  highlighted: boolean;
  /** Site setting: the number wa.me links go to. */
  whatsapp: string;
  onPreview?: (image: PreviewImage, trigger: HTMLElement) => void;
}

/** The id a card carries, so `?id=` and the island find it. */
export const offerAnchor = (id: number) => `offre-${id}`;

function OfferCard({
  id,
  context,
  image,
  children,
}: {
  id: number;
  context: OfferCardContext;
  image: PreviewImage;
  children: ReactNode;
}) {
  const { index, highlighted } = context;
  return (
    <article
      id={offerAnchor(id)}
      className={highlighted ? 'card offer-card is-highlighted' : 'card offer-card'}
      aria-current={highlighted ? 'true' : undefined}
      data-focus-on-load={highlighted ? '' : undefined}
      tabIndex={-1}
      style={{ '--stagger': Math.min(index, 11) } as CSSProperties}
    >
      <OfferImage
        path={image.path}
        alt={image.alt}
        priority={context.highlighted || index === 0}
        onPreview={context.onPreview}
      />
      <div className="card-body">{children}</div>
    </article>
  );
}

/**
 * A green WhatsApp link with the mark and a prefilled message (docs/product-rules.md,
 * "WhatsApp"); `about` tells screen readers which offer it is for. The link is the site's
 * own, counted, which answers 302 to the wa.me chat (docs/decisions/0043-audience-counting.md).
 */
function WhatsAppAction({
  offer,
  message,
  label,
  about,
}: {
  offer: { kind: WhatsappOfferKind; id: number };
  message: string;
  label: string;
  about: string;
}) {
  return (
    <a
      className="btn btn-whatsapp offer-action"
      href={safeHref(countedWhatsappLink(paths.offerWhatsapp(offer.kind, offer.id), message))}
      target="_blank"
      rel="noopener noreferrer"
      // It stays a plain link once the offers' island is hydrated: its click is never held
      // back for the island's first use (client/lib/first-use.ts).
      data-navigates=""
    >
      <WhatsAppMark />
      {label}
      <span className="visually-hidden"> {about}</span>
    </a>
  );
}

export function ParcelCard({ parcel, context }: { parcel: ParcelItem; context: OfferCardContext }) {
  const view = parcelStatusView(parcel.status);
  return (
    <OfferCard id={parcel.id} context={context} image={{ path: parcel.image, alt: parcel.title }}>
      <p className={`badge badge-${view.tone}`}>{parcel.status}</p>
      <h3>{parcel.title}</h3>
      <p className="muted">
        {parcel.location}
        {parcel.surface !== null && ` · ${formatSurface(parcel.surface)}`}
      </p>
      <p className="offer-price">
        {formatPrice(parcel.price)} <PriceInEuros amount={parcel.price} />
      </p>
      <p className="clamp-2">{parcel.description}</p>
      {view.action === 'sold' ? (
        <button type="button" className="btn btn-outline offer-action" disabled>
          {view.actionLabel}
        </button>
      ) : view.action === 'soon' ? (
        <WhatsAppAction
          offer={{ kind: 'parcel', id: parcel.id }}
          message={parcelSoonMessage(parcel)}
          label={view.actionLabel}
          about={`: être prévenu sur WhatsApp de l’ouverture de « ${parcel.title} »`}
        />
      ) : (
        <WhatsAppAction
          offer={{ kind: 'parcel', id: parcel.id }}
          message={parcelContactMessage(parcel)}
          label={view.actionLabel}
          about={`au sujet de « ${parcel.title} »`}
        />
      )}
    </OfferCard>
  );
}

export function FleetCard({ property, context }: { property: FleetItem; context: OfferCardContext }) {
  const type = property.propertyType || 'Bien flotte';
  return (
    <OfferCard
      id={property.id}
      context={context}
      image={{ path: property.image, alt: property.address ? `${type}, ${property.address}` : type }}
    >
      {property.occupationStatus && <p className="badge">{property.occupationStatus}</p>}
      <h3>{type}</h3>
      {property.address && <p className="muted">{property.address}</p>}
      {property.surface !== null && <p>Surface : {formatSurface(property.surface)}</p>}
      {property.estimatedValue !== null && (
        <p className="offer-price">
          Valeur estimée : {formatPrice(property.estimatedValue)}{' '}
          <PriceInEuros amount={property.estimatedValue} />
        </p>
      )}
      <WhatsAppAction
        offer={{ kind: 'fleet', id: property.id }}
        message={fleetContactMessage(property)}
        label="Contacter sur WhatsApp"
        about={`au sujet de « ${type} »`}
      />
    </OfferCard>
  );
}

export function GoodCard({ good, context }: { good: GoodItem; context: OfferCardContext }) {
  const title = goodTitle(good.description);
  return (
    <OfferCard id={good.id} context={context} image={{ path: good.image, alt: title }}>
      <h3>{title}</h3>
      {title !== good.description.trim() && <p>{good.description}</p>}
      <WhatsAppAction
        offer={{ kind: 'misc', id: good.id }}
        message={goodContactMessage(good)}
        label="Contacter sur WhatsApp"
        about={`au sujet de « ${title} »`}
      />
    </OfferCard>
  );
}
