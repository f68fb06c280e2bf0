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
    'Suivez votre projet en ligne, même depuis l’étranger : chaque demande envoyée depuis notre site reçoit un ' +
    'lien de suivi privé. Sa page montre le statut de la demande, la date de chaque étape et les messages de ' +
    'notre équipe, lisibles depuis un téléphone. Lien perdu ? Recevez-le à nouveau avec votre référence et votre ' +
    'adresse e-mail.',
};

/** Where each tab's button leads: the tracking tab to the tracking links' page (docs/product-rules.md, "Tracking link"). */
const ACTIONS: Record<PlaceholderTab, { href: string; label: string }> = {
  sic: { href: paths.contact, label: 'Nous contacter' },
  'construction-bail': { href: paths.contact, label: 'Nous contacter' },
  'suivi-chantier': { href: paths.tracking, label: 'Suivre ma demande' },
};

export function OfferPlaceholder({ tab }: { tab: PlaceholderTab }) {
  const action = ACTIONS[tab];
  return (
    <div className="note offer-placeholder">
      <p>{TEXTS[tab]}</p>
      <a className="btn btn-outline" href={action.href}>
        {action.label}
      </a>
    </div>
  );
}
