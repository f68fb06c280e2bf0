import { houseScene } from './scenes-buildings';
import { SKIES, type Drawing } from './svg-kit';

/** Testimonial photos: the clients' finished houses, as their owners would photograph them. */
export const testimonialDrawings = {
  'temoignage-villa-calavi': () =>
    houseScene({ wall: '#efe0c4', roofColour: '#7a3b22', floors: 2, balcony: true, sky: SKIES.morning }),
  'temoignage-maison-ouidah': () =>
    houseScene({ wall: '#dfeee6', roofColour: '#5b6d7a', floors: 1, sky: SKIES.evening, lit: true }),
} satisfies Record<string, () => Drawing>;
