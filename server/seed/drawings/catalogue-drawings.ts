import { productShot, tiledFloor } from './compositions';
import { armchair, bed, decorSet, diningTable, sofa, wardrobe } from './objects-furniture';
import {
  cementSacks,
  concreteBlocks,
  electricalSupplies,
  paintBucket,
  pvcPipes,
  rebarBundle,
  roofSheets,
  sanitaryWare,
  wheelbarrow,
  woodenDoor,
} from './objects-materials';
import type { Drawing } from './svg-kit';

/** Catalogue pictures: one per product, plus the extra views of the product galleries. */
export const catalogueDrawings = {
  'sacs-ciment-gris': () => productShot(cementSacks('#c9c6bf', '#2e7d32'), '#e9eef2', '#b7a48a', 0.95),
  'sacs-ciment-entrepot': () => productShot(cementSacks('#c9c6bf', '#2e7d32'), '#d9cbb5', '#8f7f6a', 0.8),
  'sacs-ciment-rouge': () => productShot(cementSacks('#d8d2c4', '#c0392b'), '#f1ebe1', '#a99478', 0.95),
  'fer-a-beton': () => productShot(rebarBundle(), '#e4e8ea', '#9c8d7a'),
  'fer-a-beton-chantier': () => productShot(rebarBundle(), '#f3dcc0', '#b8703f', 0.85),
  parpaings: () => productShot(concreteBlocks(), '#eef1f3', '#b4a590', 1.1),
  'toles-bac-rouge': () => productShot(roofSheets('#b03a2e'), '#eef2f5', '#a7a196'),
  'toles-bac-gris': () => productShot(roofSheets('#8d99a3'), '#f4efe6', '#a7a196'),
  'carrelage-beige': () => tiledFloor('#e9dcc6', '#cbb89a', 3),
  'carrelage-gris': () => tiledFloor('#c9cdd1', '#a3a8ad', 8),
  'peinture-creme': () => productShot(paintBucket('#f1dfb2'), '#dfe9f0', '#b9a98f'),
  'peinture-ocre': () => productShot(paintBucket('#d08a2e'), '#f5efe4', '#b9a98f'),
  sanitaires: () => productShot(sanitaryWare('#8fb8d6'), '#e1ecf2', '#d6d2ca'),
  'tubes-pvc': () => productShot(pvcPipes(), '#eef0f2', '#a99d8b'),
  'cable-electrique': () => productShot(electricalSupplies('#d62828'), '#eaf0f4', '#b0a28c', 0.95),
  'porte-bois': () => productShot(woodenDoor('#8a5a33'), '#f0e6d8', '#9a8266', 0.8),
  brouette: () => productShot(wheelbarrow('#2e7d32'), '#edf1f3', '#b09c80'),
  'canape-vert': () => productShot(sofa('#3d7a5a'), '#f2ece2', '#c8a97e', 0.9),
  'canape-vert-salon': () => productShot(sofa('#3d7a5a', 2), '#e6d5c3', '#9d7b57', 0.9),
  'fauteuil-moutarde': () => productShot(armchair('#d9a521'), '#eef0ea', '#c8a97e'),
  'lit-teck': () => productShot(bed('#9c6b3c', '#3f6e9e'), '#f3ece4', '#b89870', 0.9),
  'lit-teck-detail': () => productShot(bed('#9c6b3c', '#e5c07b'), '#e0ebf0', '#a88a63', 0.9),
  'table-iroko': () => productShot(diningTable('#8b5a2b', '#6b4a2f'), '#f4eee6', '#c9b08c', 0.9),
  'table-iroko-salle': () => productShot(diningTable('#8b5a2b', '#c9a36b'), '#e8e1d6', '#8d7356', 0.9),
  armoire: () => productShot(wardrobe('#a0703f'), '#eef1ec', '#b8a07e', 0.75),
  'deco-salon': () => productShot(decorSet('#2a6f97'), '#f6efe6', '#b8976b', 0.72),
} satisfies Record<string, () => Drawing>;
