import type { SiteSettings } from '#shared/site-settings';
import { safeHref } from '#client/lib/safe-url';

/** Product rules, Pages and routes: the five WhatsApp channels of the offers page, in the product rules' order. */
const CHANNELS: readonly { key: keyof SiteSettings['whatsappChannels']; label: string }[] = [
  { key: 'furnishedRentals', label: 'Appartements meublés à louer' },
  { key: 'construction', label: 'Construction' },
  { key: 'architecture', label: 'Architecture et design' },
  { key: 'supplies', label: 'Fournitures de chantier' },
  { key: 'rentals', label: 'Appartements à louer' },
];

/**
 * 'Vous cherchez un terrain spécifique ?': an e-mail link and the company's WhatsApp
 * channels (site settings, product rules). Server-rendered only: it needs no script.
 */
export function OfferRequestBlock({ site }: { site: SiteSettings }) {
  const mail = safeHref(`mailto:${site.email}?subject=${encodeURIComponent('Recherche de terrain')}`);
  return (
    <div className="note offer-request">
      <h2>Vous cherchez un terrain spécifique ?</h2>
      <p>
        Dites-nous la ville, le quartier, la surface et le budget : nous cherchons pour vous parmi les
        parcelles de notre réseau. Écrivez-nous à <a href={mail}>{site.email}</a>.
      </p>
      <h3>Suivez nos chaînes WhatsApp</h3>
      <ul className="offer-channels">
        {CHANNELS.map((channel) => (
          <li key={channel.key}>
            <a
              className="btn btn-light"
              href={safeHref(site.whatsappChannels[channel.key])}
              target="_blank"
              rel="noopener noreferrer"
            >
              {channel.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
