import type { SiteSettings } from '#shared/site-settings';
import { greetingMessage, whatsappLink } from '#shared/whatsapp';
import { WhatsAppMark } from './whatsapp-mark';

/**
 * The floating WhatsApp button of every public page (docs/product-rules.md, "WhatsApp";
 * decision 0026): fixed in the bottom corner, so it stays under the thumb on a phone
 * whatever the scroll, without a script and without moving anything (out of the flow).
 * In its own named region: no content of the page lies outside a landmark.
 */
export function WhatsAppFloat({
  site,
  message = null,
}: {
  site: Pick<SiteSettings, 'name' | 'whatsapp'>;
  /** The page's own words (the tracking page's reply); otherwise a greeting the visitor completes. */
  message?: string | null;
}) {
  return (
    <aside aria-label="WhatsApp">
      <a
        className="whatsapp-float"
        href={whatsappLink(site.whatsapp, message ?? greetingMessage(site.name))}
        target="_blank"
        rel="noopener noreferrer"
      >
        <WhatsAppMark />
        <span className="visually-hidden">Nous écrire sur WhatsApp</span>
      </a>
    </aside>
  );
}
