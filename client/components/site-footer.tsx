import type { SiteSettings } from '../../shared/site-settings';
import { paths } from '../lib/paths';

const QUICK_LINKS = [
  { href: paths.home, label: 'Accueil' },
  { href: paths.services, label: 'Services' },
  { href: paths.products, label: 'Catalogue produits' },
  { href: paths.projects, label: 'Nos réalisations' },
  { href: paths.about, label: 'À propos' },
];

export const SERVICE_LINES = [
  'Vente de parcelles et de biens immobiliers',
  'Conception de projets : plans 3D, décoration intérieure, permis de construire',
  'Construction de maisons : budget, matériaux, suivi d’exécution',
];

/** Footer of spec section 2; every contact detail comes from the site settings. */
export function SiteFooter({ site }: { site: SiteSettings }) {
  const social = [
    { href: site.social.facebook, label: 'Facebook' },
    { href: site.social.instagram, label: 'Instagram' },
    { href: site.social.linkedin, label: 'LinkedIn' },
    { href: site.social.youtube, label: 'YouTube' },
  ];
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-links">
          <h2 id="footer-links">Liens rapides</h2>
          <ul>
            {QUICK_LINKS.map((link) => (
              <li key={link.href}>
                <a href={link.href}>{link.label}</a>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-services">
          <h2 id="footer-services">Nos services</h2>
          <ul>
            {SERVICE_LINES.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact">Contact</h2>
          <address>
            <p>{site.address}</p>
            {site.phones.map((phone) => (
              <p key={phone}>
                <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
              </p>
            ))}
            <p>
              <a href={`mailto:${site.email}`}>{site.email}</a>
            </p>
          </address>
          <ul className="social" aria-label="Réseaux sociaux">
            {social.map((item) => (
              <li key={item.label}>
                <a href={item.href} rel="noopener noreferrer">
                  {item.label}
                </a>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <div className="container footer-legal">
        <p>
          © {site.foundedYear}–{new Date().getFullYear()} {site.name}
        </p>
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
      </div>
    </footer>
  );
}
