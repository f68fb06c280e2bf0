import type { FleetContent } from './types';

/** The real-estate fleet managed by the company (occupation status as shown on the offers page). */
export const fleetProperties: FleetContent[] = [
  {
    propertyType: 'Villa',
    address: 'Lot 245, Haie Vive, Cotonou',
    surface: 420,
    owner: 'M. Gildas Houngbédji',
    occupationStatus: 'Loué',
    estimatedValue: 185000000,
    image: 'flotte-villa',
  },
  {
    propertyType: 'Appartement F4',
    address: 'Résidence Les Cocotiers, Fidjrossè, Cotonou',
    surface: 135.5,
    owner: 'Mme Aïcha Salami',
    occupationStatus: 'En location',
    estimatedValue: 48500000.5,
    image: 'flotte-appartement',
  },
  {
    propertyType: 'Immeuble R+2',
    address: 'Carré 1123, Akpakpa, Cotonou',
    surface: 610,
    owner: 'SCI Les Palmiers',
    occupationStatus: 'Occupé',
    estimatedValue: 320000000,
    image: 'flotte-immeuble',
  },
  {
    propertyType: 'Entrepôt',
    address: 'Zone industrielle de Glo-Djigbé, Abomey-Calavi',
    surface: 1200,
    owner: 'Société Bénin Logistique',
    occupationStatus: 'Libre',
    estimatedValue: 275000000.75,
    image: 'flotte-entrepot',
  },
  {
    propertyType: 'Boutique',
    address: 'Boulevard Saint-Michel, Cotonou',
    surface: 48,
    owner: 'M. Rodrigue Adjovi',
    occupationStatus: 'Loué',
    estimatedValue: 32000000,
    image: 'flotte-boutique',
  },
  {
    propertyType: 'Duplex',
    address: 'Quartier Agla, Cotonou',
    surface: 280,
    owner: 'Mme Florence Dossou-Yovo',
    occupationStatus: 'Libre',
    estimatedValue: 96750000.25,
    image: 'flotte-duplex',
  },
];
