import { promotionBanner } from './compositions';
import { bed, sofa } from './objects-furniture';
import { cementSacks, paintBucket, roofSheets, sanitaryWare } from './objects-materials';
import type { Drawing } from './svg-kit';

/** Promotion banners: a product on a bright diagonal field with a "%" badge. */
export const promotionDrawings = {
  'promo-ciment': () => promotionBanner(cementSacks('#d8d2c4', '#2e7d32'), ['#1b6ca8', '#f2b705'], 1),
  'promo-toles': () => promotionBanner(roofSheets('#b03a2e'), ['#2a9d8f', '#e9c46a'], 2),
  'promo-salon': () => promotionBanner(sofa('#3d7a5a'), ['#e76f51', '#f4a261'], 3),
  'promo-chambre': () => promotionBanner(bed('#9c6b3c', '#3f6e9e'), ['#6a4c93', '#f7c59f'], 4),
  'promo-peinture': () => promotionBanner(paintBucket('#d08a2e'), ['#118ab2', '#ffd166'], 5),
  'promo-sanitaires': () => promotionBanner(sanitaryWare('#8fb8d6'), ['#264653', '#8ab17d'], 6),
} satisfies Record<string, () => Drawing>;
