import { catalogueDrawings } from './catalogue-drawings';
import { offerDrawings } from './offer-drawings';
import { projectDrawings } from './project-drawings';
import { promotionDrawings } from './promotion-drawings';
import { testimonialDrawings } from './testimonial-drawings';
import type { Drawing } from './svg-kit';

/** Every demo picture by name: content files refer to these names, checked by the compiler. */
export const DRAWINGS = {
  ...catalogueDrawings,
  ...offerDrawings,
  ...projectDrawings,
  ...promotionDrawings,
  ...testimonialDrawings,
} satisfies Record<string, () => Drawing>;

export type DrawingName = keyof typeof DRAWINGS;
