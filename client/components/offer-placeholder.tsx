import { paths } from '#shared/paths';
import type { PlaceholderTab } from '#shared/offer-tabs';

/** Product rules, Pages and routes: the last three tabs show placeholder text only, with a way to ask. */
const TEXTS: Record<PlaceholderTab, string> = {
  sic:
    'Nos offres SIC seront bientôt présentées sur cette page. En attendant, contactez-nous : notre équipe vous ' +
    'présente les opportunités en cours.',
  'construction-bail':
    'Les offres de construction en bail arrivent bientôt. Vous avez un terrain à mettre en valeur ou vous cherchez ' +
    'un bail à construction ? Contactez-nous pour en parler.',
  'suivi-chantier':
    'Le suivi de chantier en ligne arrive bientôt : vous suivrez l’avancement de votre construction, même depuis ' +
    'l’étranger. En attendant, notre équipe vous envoie photos et comptes rendus sur simple demande.',
};

export function OfferPlaceholder({ tab }: { tab: PlaceholderTab }) {
  return (
    <div className="note offer-placeholder">
      <p>{TEXTS[tab]}</p>
      <a className="btn btn-outline" href={paths.contact}>
        Nous contacter
      </a>
    </div>
  );
}
