import type { PageContext } from '#shared/page-context';
import type { Testimonial } from '#shared/types';
import { ResponsiveImage } from './responsive-image';

/** A card's photo: at most a third of a wide screen, so the 320 and 640 variants suffice. */
const PHOTO_WIDTHS = [320, 640] as const;
const PHOTO_SIZES = '(min-width: 64rem) 24rem, (min-width: 40rem) 50vw, 100vw';

/**
 * The published testimonials a page shows. Trust content is a bonus on these pages: a
 * failed read shows no section rather than failing the page (the render is then not
 * cached, server/ssr/page-context.ts).
 */
export async function loadTestimonials(context: PageContext, limit: number): Promise<Testimonial[]> {
  try {
    return await context.publishedTestimonials(limit);
  } catch (error) {
    console.error('Chargement des témoignages impossible', error);
    return [];
  }
}

/**
 * 'Ils nous ont fait confiance' (docs/product-rules.md, "Testimonials"): each testimonial a
 * figure, its words a blockquote, the client named in the figcaption. Server-rendered, no
 * script; nothing at all when none is published.
 */
export function TestimonialsSection({ testimonials, id }: { testimonials: Testimonial[]; id: string }) {
  if (testimonials.length === 0) return null;
  return (
    <section className="section container" aria-labelledby={id}>
      <h2 id={id}>Ils nous ont fait confiance</h2>
      <ul className="testimonials">
        {testimonials.map((testimonial) => (
          <li key={testimonial.id}>
            <figure className="testimonial">
              {testimonial.photo && (
                <ResponsiveImage
                  className="testimonial-photo"
                  path={testimonial.photo}
                  alt={`Photo de ${testimonial.clientName}`}
                  width={640}
                  height={480}
                  sizes={PHOTO_SIZES}
                  widths={PHOTO_WIDTHS}
                />
              )}
              <blockquote>
                {testimonial.text.split(/\n\s*\n/).map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </blockquote>
              <figcaption>
                <strong>{testimonial.clientName}</strong>
                {`, ${testimonial.town}`}
                <span className="testimonial-project">{testimonial.projectType}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
