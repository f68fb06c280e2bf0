import type { MiscellaneousContent } from './types';

/** Miscellaneous goods: only a description and a picture (product rules, Entities). */
export const miscellaneousGoods: MiscellaneousContent[] = [
  {
    description:
      'Groupe électrogène diesel 20 kVA, insonorisé, 1 200 heures de service, entretenu chaque trimestre. ' +
      'Idéal pour un chantier ou une petite entreprise.',
    image: 'groupe-electrogene',
  },
  {
    description: 'Bétonnière 350 L à moteur thermique, bon état.',
    image: 'betonniere',
  },
  {
    description:
      'Pick-up double cabine 2019, climatisé, 85 000 km, dédouané, idéal pour les livraisons de matériaux ' +
      'sur les pistes.',
    image: 'pick-up',
  },
  {
    description: 'Lot d’échafaudages',
    image: 'echafaudages',
  },
];
