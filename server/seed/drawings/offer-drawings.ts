import { productShot } from './compositions';
import { concreteMixer, generator, pickupTruck, scaffoldingLot } from './objects-equipment';
import { houseScene, officeScene, shopScene, warehouseScene } from './scenes-buildings';
import { plotScene } from './scenes-land';
import { SKIES, type Drawing } from './svg-kit';

/** Offer pictures: land plots, the real-estate fleet and the miscellaneous goods. */
export const offerDrawings = {
  'terrain-calavi': () =>
    plotScene({
      sky: SKIES.noon,
      soil: '#b5653a',
      vegetation: '#6f9e45',
      palms: 2,
      neighbours: true,
      seed: 1,
    }),
  'terrain-zopah': () =>
    plotScene({ sky: SKIES.morning, soil: '#a85a33', vegetation: '#7aa34e', palms: 1, seed: 2 }),
  'terrain-ouidah': () =>
    plotScene({
      sky: SKIES.noon,
      soil: '#d9c08f',
      vegetation: '#86a957',
      water: '#3a8fc4',
      palms: 4,
      seed: 3,
    }),
  'terrain-seme': () =>
    plotScene({
      sky: SKIES.evening,
      soil: '#cfb27e',
      vegetation: '#5f8f3e',
      water: '#4f7fa6',
      palms: 3,
      seed: 4,
    }),
  'terrain-allada': () =>
    plotScene({ sky: SKIES.harmattan, soil: '#b0603a', vegetation: '#8a9a4a', palms: 1, seed: 5 }),
  'terrain-porto-novo': () =>
    plotScene({
      sky: SKIES.morning,
      soil: '#b96b3f',
      vegetation: '#5c9448',
      palms: 2,
      neighbours: true,
      seed: 6,
    }),
  'terrain-fidjrosse': () =>
    plotScene({
      sky: SKIES.noon,
      soil: '#d8c394',
      vegetation: '#7fa64f',
      water: '#2f86c0',
      palms: 3,
      walled: true,
      seed: 7,
    }),
  'flotte-villa': () =>
    houseScene({ wall: '#f3e3c3', roofColour: '#a0452c', floors: 2, balcony: true, fence: '#e9dcc0' }),
  'flotte-appartement': () =>
    houseScene({
      wall: '#dfe8ef',
      roofColour: '#55606b',
      floors: 3,
      roof: 'flat',
      balcony: true,
      sky: SKIES.morning,
    }),
  'flotte-immeuble': () => officeScene({ floors: 3, wall: '#efe1c6' }),
  'flotte-entrepot': () => warehouseScene({ wall: '#d6d2c4', roofColour: '#9aa3ab' }),
  'flotte-boutique': () => shopScene({ wall: '#f0d9a8', awning: ['#e05a47', '#ffffff'] }),
  'flotte-duplex': () =>
    houseScene({
      wall: '#e8f0e0',
      roofColour: '#3d5a80',
      floors: 2,
      depth: 90,
      sky: SKIES.evening,
      lit: true,
    }),
  'groupe-electrogene': () => productShot(generator('#f2b705'), '#e7ecef', '#9d9588', 0.95),
  betonniere: () => productShot(concreteMixer('#e36414'), '#f1ebe2', '#a48a6a', 0.9),
  'pick-up': () => productShot(pickupTruck('#f5f5f5'), '#cfe0ea', '#8f8a80', 0.95),
  echafaudages: () => productShot(scaffoldingLot(), '#edf0f2', '#a89a86', 0.95),
} satisfies Record<string, () => Drawing>;
