import type { PromotionContent } from './types';

/**
 * Promotions, dated relative to the seed day so the demo stays current: all running but
 * one, which ended ten days ago (public lists hide it, the back office shows it).
 */
export const promotions: PromotionContent[] = [
  {
    title: 'Quinzaine du ciment',
    description: 'Remise sur le ciment CPJ 35 et CPJ 45 à partir de 20 sacs, livraison offerte dans Cotonou.',
    discount: '10%',
    code: 'CIMENT10',
    startInDays: -5,
    endInDays: 10,
    image: 'promo-ciment',
  },
  {
    title: 'Toiture neuve avant la saison des pluies',
    description:
      'Tôles bac aluminium, faîtières et accessoires de fixation à prix réduit pour couvrir votre maison ' +
      'avant les grandes pluies.',
    discount: '15%',
    code: 'TOITURE15',
    startInDays: -12,
    endInDays: 30,
    image: 'promo-toles',
  },
  {
    title: 'Salon complet en fête',
    description: 'Canapé trois places et fauteuil assorti achetés ensemble : profitez de la remise salon.',
    discount: '20%',
    startInDays: -2,
    endInDays: 25,
    image: 'promo-salon',
  },
  {
    title: 'Chambre en teck',
    description: 'Lit en teck et armoire trois portes commandés ensemble, montage offert à domicile.',
    discount: '12%',
    startInDays: 0,
    endInDays: 45,
    image: 'promo-chambre',
  },
  {
    title: 'Rentrée couleurs',
    description: 'Peintures à eau en seaux de 20 L : redonnez de l’éclat à vos murs à petit prix.',
    discount: '25%',
    code: 'COULEURS25',
    startInDays: -20,
    endInDays: 5,
    image: 'promo-peinture',
  },
  {
    title: 'Fête de l’Indépendance : salles de bains',
    description: 'Packs WC et lavabo à prix spécial pour célébrer le 1er août. Offre terminée.',
    discount: '18%',
    startInDays: -40,
    endInDays: -10,
    image: 'promo-sanitaires',
  },
];
