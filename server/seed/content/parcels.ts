import type { ParcelContent } from './types';

/** Land plots, one at least in every status the back office offers (product rules). */
export const parcels: ParcelContent[] = [
  {
    title: 'Parcelle de 500 m² à Abomey-Calavi, Togoudo',
    description:
      'Parcelle plate avec convention de vente et levé topographique, dans un quartier déjà habité, à ' +
      '800 m du goudron. Eau et électricité à proximité.',
    location: 'Abomey-Calavi, Togoudo',
    surface: 500,
    price: 12500000,
    status: 'Disponible',
    image: 'terrain-calavi',
  },
  {
    title: 'Terrain de 600 m² à Ouidah, route des Pêches',
    description:
      'Terrain sablonneux à 10 minutes de la plage, idéal pour une résidence secondaire ou un petit ' +
      'projet touristique. Titre foncier en cours de mutation.',
    location: 'Ouidah, route des Pêches',
    surface: 600,
    price: 9000000,
    status: 'Disponible',
    image: 'terrain-ouidah',
  },
  {
    title: 'Parcelle de 400 m² à Sèmè-Podji, Ekpè',
    description: 'Parcelle en angle, proche de la lagune, accès facile depuis la route inter-États.',
    location: 'Sèmè-Podji, Ekpè',
    surface: 400,
    price: 15000000,
    status: 'En cours',
    image: 'terrain-seme',
  },
  {
    title: 'Grand terrain de 1 000 m² à Allada',
    description:
      'Terrain agricole constructible, sol ferme de latérite, parfait pour une villa avec jardin ou un ' +
      'petit élevage. Bornage réalisé.',
    location: 'Allada, centre',
    surface: 1000,
    price: 6500000,
    status: 'Réservé',
    image: 'terrain-allada',
  },
  {
    title: 'Lotissement Ouando à Porto-Novo',
    description:
      'Nouveau lotissement viabilisé de parcelles de 450 m², voies tracées et bornes posées. Ouverture des ' +
      'réservations prochainement.',
    location: 'Porto-Novo, Ouando',
    surface: 450,
    price: 11000000,
    status: 'À venir',
    image: 'terrain-porto-novo',
  },
  {
    title: 'Parcelle clôturée de 300 m² à Cotonou, Fidjrossè',
    description:
      'Parcelle avec titre foncier et clôture en parpaings, à deux rues de la plage de Fidjrossè. Vendue ' +
      'à un client de la diaspora en 2024.',
    location: 'Cotonou, Fidjrossè',
    surface: 300,
    price: 35000000,
    status: 'Vendu',
    image: 'terrain-fidjrosse',
  },
  {
    title: 'Parcelle de 500 m² à Abomey-Calavi, Zopah',
    description: 'Parcelle à bâtir dans une zone en plein développement, près du nouveau marché.',
    location: 'Abomey-Calavi, Zopah',
    surface: null,
    price: 8000000,
    status: 'Disponible',
    image: 'terrain-zopah',
  },
];
