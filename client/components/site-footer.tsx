import { socialLinks, type SiteSettings, type SocialNetwork } from '#shared/site-settings';
import { mailtoHref, phoneText, telHref } from '#client/lib/contact-links';
import { paths } from '#shared/paths';
import { safeHref } from '#client/lib/safe-url';
import { SERVICE_LINES_DATA } from '#client/lib/service-lines';

const QUICK_LINKS = [
  { href: paths.home, label: 'Accueil' },
  { href: paths.services, label: 'Services' },
  { href: paths.products, label: 'Catalogue produits' },
  { href: paths.projects, label: 'Nos réalisations' },
  { href: paths.about, label: 'À propos' },
  // On every public page: a client abroad finds their tracking link again from anywhere
  // (docs/product-rules.md, "Tracking link").
  { href: paths.tracking, label: 'Suivre ma demande' },
];

/** The three service lines in one sentence each (footer, home page's services block). */
export const SERVICE_LINES = SERVICE_LINES_DATA.map((service) => service.summary);

const NETWORK_NAMES: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
};

/**
 * Footer of product rules, Pages and routes; every contact detail comes from the site settings. The social
 * links open in the same tab: the product rules say they carry no target.
 */
export function SiteFooter({ site }: { site: SiteSettings }) {
  // Only the networks the company is on: a link to a network's home page says nothing.
  const social = socialLinks(site);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <nav aria-labelledby="footer-links">
          <h2 id="footer-links">Liens rapides</h2>
          <ul>
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </nav>
        {/* Plain blocks, not named sections: the pages have their own 'Nos services' and
            'Contact' regions, and a landmark named twice on one page misleads (ARIA landmark-unique). */}
        <div>
          <h2>Nos services</h2>
          <ul className="footer-services">
            {SERVICE_LINES.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <div>
          <h2>Contact</h2>
          <address>
            <p>{site.address}</p>
            {site.phones.map((phone) => (
              <p key={phone}>
                <a href={telHref(phone)}>{phoneText(phone)}</a>
              </p>
            ))}
            <p>
              <a href={mailtoHref(site.email)}>{site.email}</a>
            </p>
          </address>
          {social.length > 0 && <h3 className="visually-hidden">Réseaux sociaux</h3>}
          {social.length > 0 && (
            <ul className="social">
              {social.map((link) => (
                <li key={link.network}>
                  <a href={safeHref(link.url)} rel="noopener noreferrer">
                    <img
                      src={`/icons/${link.network}.svg`}
                      alt={NETWORK_NAMES[link.network]}
                      width="24"
                      height="24"
                      loading="lazy"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="container footer-legal">
        <p>
          © {site.foundedYear}–{new Date().getFullYear()} {site.name}
        </p>
        <nav aria-label="Informations légales">
          <ul>
            <li>
              <a href={paths.privacy}>Politique de confidentialité</a>
            </li>
            <li>
              <a href={paths.terms}>Conditions d’utilisation</a>
            </li>
            <li>
              <a href={paths.legal}>Mentions légales</a>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
