import type { ProjectContent } from './types';

/**
 * Further portfolio entries, older than the three samples, so the portfolio filter shows
 * the other categories of product rules, States.
 */
export const moreProjects: ProjectContent[] = [
  {
    title: 'École primaire à Abomey-Calavi',
    numero: 'PRJ-2022-014',
    date: '2023-09-18',
    status: 'Complété',
    categories: ['Institutionnel'],
    description: 'Six salles de classe, un bureau de direction et des latrines pour une école privée.',
    longDescription:
      'Le promoteur souhaitait ouvrir à la rentrée : nous avons livré le bâtiment de six classes en sept ' +
      'mois, avec une toiture ventilée qui garde les salles fraîches et de larges fenêtres pour ' +
      'l’éclairage naturel. Un bloc sanitaire séparé et une cour bétonnée complètent l’ensemble.',
    challenges: 'Délai court imposé par la rentrée scolaire et accès difficile pendant la saison des pluies.',
    materials: 'Parpaings de 15, charpente bois traitée, tôles bac aluminium, peinture lessivable.',
    mainImage: 'ecole-calavi',
    renders: [
      { image: 'ecole-rendu', description: 'Rendu du bâtiment des classes' },
      { image: 'ecole-plan', description: 'Plan des six salles et du bureau de direction' },
    ],
    images: [
      { image: 'ecole-chantier', description: 'Élévation des murs des salles de classe' },
      { image: 'ecole-calavi', description: 'Bâtiment terminé le jour de la réception' },
    ],
  },
  {
    title: 'Jardin tropical d’une résidence à Haie Vive',
    numero: 'PRJ-2023-009',
    date: '2024-03-10',
    status: 'Complété',
    categories: ['Paysager', 'Résidentiel'],
    description: 'Aménagement paysager de 800 m² : pelouse, cocotiers, allées et éclairage extérieur.',
    longDescription:
      'Autour d’une villa existante, nous avons dessiné un jardin tropical facile à entretenir : pelouse ' +
      'résistante à la sécheresse, massifs de plantes locales, cocotiers adultes transplantés et allées ' +
      'en pavés drainants. L’arrosage goutte-à-goutte est piloté par programmateur.',
    challenges: 'Transplantation de cocotiers adultes sans perte et drainage d’un terrain argileux.',
    materials: 'Terre végétale, gazon, pavés drainants, gaines et luminaires étanches, goutte-à-goutte.',
    mainImage: 'jardin-haie-vive',
    renders: [
      { image: 'jardin-rendu', description: 'Rendu du jardin en soirée' },
      { image: 'jardin-plan', description: 'Plan des allées et des massifs' },
    ],
    images: [{ image: 'jardin-travaux', description: 'Préparation du sol et pose des bordures' }],
  },
  {
    title: 'Entrepôt logistique à Glo-Djigbé',
    numero: 'PRJ-2024-004',
    date: '2023-06-30',
    status: 'En cours',
    categories: ['Industriel'],
    description: 'Entrepôt de 1 200 m² à charpente métallique avec trois quais de chargement.',
    longDescription:
      'Entrepôt pour un distributeur de matériaux, dans la zone économique de Glo-Djigbé. Les fondations ' +
      'et les poteaux sont coulés ; la charpente métallique, fabriquée en atelier, sera levée le mois ' +
      'prochain, suivie du bardage et du dallage.',
    challenges: 'Dalle industrielle capable de supporter les chariots élévateurs et les racks chargés.',
    materials: 'Charpente métallique, bardage et couverture en bac acier, dallage béton fibré.',
    mainImage: 'entrepot-glo',
    renders: [
      { image: 'entrepot-rendu', description: 'Rendu des quais de chargement' },
      { image: 'entrepot-plan', description: 'Plan de masse de l’entrepôt' },
    ],
    images: [{ image: 'entrepot-charpente', description: 'Fondations et poteaux en béton armé coulés' }],
  },
];
