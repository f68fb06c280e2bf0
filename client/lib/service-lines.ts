import { paths } from '#shared/paths';

import type { ServiceImageKey } from '#shared/readers/static-pages';

export type { ServiceImageKey };

/** A service card of product rules, Entities: id, title, image, details, link, linkText. */
export interface ServiceLine {
  id: ServiceImageKey;
  title: string;
  /** One line, for the footer and the home page's services block. */
  summary: string;
  details: string[];
  link: string;
  linkText: string;
}

/**
 * The company's three service lines (product rules, Audience and services and Pages and routes), defined once: the services
 * page shows them as cards, the footer and the home page list their summaries. The link
 * texts are the product rules', word for word.
 */
export const SERVICE_LINES_DATA: readonly ServiceLine[] = [
  {
    id: 'parcels',
    title: 'Vente de parcelles et de biens immobiliers',
    summary: 'Vente de parcelles et de biens immobiliers',
    details: [
      'Parcelles viabilisées et documents vérifiés',
      'Biens immobiliers à vendre ou à louer',
      'Accompagnement jusqu’à la signature chez le notaire',
    ],
    link: paths.offers,
    linkText: 'Voir nos offres',
  },
  {
    id: 'design',
    title: 'Conception de projets',
    summary: 'Conception de projets : plans 3D, décoration intérieure, permis de construire',
    details: [
      'Plans 2D et rendus 3D de votre future maison',
      'Décoration et aménagement intérieur',
      'Constitution du dossier de permis de construire',
    ],
    link: paths.submitProject,
    linkText: 'Voir nos réalisations',
  },
  {
    id: 'construction',
    title: 'Construction de maisons',
    summary: 'Construction de maisons : budget, matériaux, suivi d’exécution',
    details: [
      'Étude et maîtrise du budget',
      'Choix et approvisionnement des matériaux',
      'Suivi d’exécution du chantier, sur place ou depuis l’étranger',
    ],
    link: paths.projects,
    linkText: 'Découvrir nos projets',
  },
];
