import {
  blueprintScene,
  constructionScene,
  fenceGateScene,
  houseScene,
  officeScene,
  warehouseScene,
} from './scenes-buildings';
import { plotScene } from './scenes-land';
import { SKIES, type Drawing } from './svg-kit';

/** Portfolio pictures: main images, architectural renders and site photographs. */
export const projectDrawings = {
  'villa-fidjrosse': () =>
    houseScene({ wall: '#f6ead2', roofColour: '#a0452c', floors: 2, balcony: true, fence: '#efe3c9' }),
  'villa-rendu-3d': () =>
    houseScene({
      wall: '#f6efe2',
      roofColour: '#8a3b26',
      floors: 2,
      balcony: true,
      depth: 120,
      sky: SKIES.evening,
      lit: true,
    }),
  'villa-rendu-facade': () =>
    houseScene({
      wall: '#f6ead2',
      roofColour: '#a0452c',
      floors: 2,
      balcony: true,
      depth: 80,
      sky: SKIES.morning,
    }),
  'villa-plan': () => blueprintScene(1),
  'villa-fondations': () => constructionScene({ storeysDone: 1, seed: 11 }),
  'villa-elevation': () => constructionScene({ storeysDone: 2, seed: 12, sky: SKIES.noon }),
  'cloture-akpakpa': () => fenceGateScene({ wall: '#e7d6b0', gate: '#2d2d2d' }),
  'cloture-rendu-portail': () => fenceGateScene({ wall: '#f0e4cc', gate: '#1f4e79', sky: SKIES.morning }),
  'cloture-plan': () => blueprintScene(2),
  'cloture-rendu-soir': () => fenceGateScene({ wall: '#e2cfa6', gate: '#3b3b3b', sky: SKIES.evening }),
  'cloture-pose-portail': () => fenceGateScene({ wall: '#cfc6b8', gate: '#2d2d2d', sky: SKIES.harmattan }),
  'cloture-finie': () => fenceGateScene({ wall: '#f3dcc0', gate: '#5a2e1a', sky: SKIES.noon }),
  'immeuble-ganhi': () => officeScene({ floors: 5, wall: '#dfe6ea' }),
  'immeuble-rendu-nuit': () => officeScene({ floors: 5, wall: '#dfe6ea', lit: true, sky: SKIES.evening }),
  'immeuble-plan': () => blueprintScene(3),
  'immeuble-rendu-jour': () => officeScene({ floors: 5, wall: '#e9e3d6', sky: SKIES.noon }),
  'immeuble-gros-oeuvre': () => constructionScene({ storeysDone: 3, seed: 13, sky: SKIES.harmattan }),
  'immeuble-chantier': () => constructionScene({ storeysDone: 4, seed: 14 }),
  'immeuble-livre': () => officeScene({ floors: 5, wall: '#dfe6ea', sky: SKIES.harmattan }),
  'ecole-calavi': () => houseScene({ wall: '#f2d16b', roofColour: '#6d4c41', floors: 1, sky: SKIES.morning }),
  'ecole-rendu': () => houseScene({ wall: '#f2d16b', roofColour: '#6d4c41', floors: 1, depth: 100 }),
  'ecole-plan': () => blueprintScene(4),
  'ecole-chantier': () => constructionScene({ storeysDone: 1, seed: 15, sky: SKIES.noon }),
  'jardin-haie-vive': () =>
    plotScene({ sky: SKIES.noon, soil: '#7fae52', vegetation: '#4f8f3a', palms: 6, walled: true, seed: 21 }),
  'jardin-rendu': () =>
    plotScene({ sky: SKIES.evening, soil: '#6f9e45', vegetation: '#3f7d32', palms: 5, seed: 22 }),
  'jardin-plan': () => blueprintScene(5),
  'jardin-travaux': () =>
    plotScene({
      sky: SKIES.morning,
      soil: '#b5653a',
      vegetation: '#5c9448',
      palms: 4,
      walled: true,
      seed: 23,
    }),
  'entrepot-glo': () => warehouseScene({ wall: '#dcd7ca', roofColour: '#7d8a94' }),
  'entrepot-rendu': () => warehouseScene({ wall: '#e6e1d3', roofColour: '#9aa3ab' }),
  'entrepot-plan': () => blueprintScene(6),
  'entrepot-charpente': () => constructionScene({ storeysDone: 1, seed: 16, sky: SKIES.harmattan }),
} satisfies Record<string, () => Drawing>;
