import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { emptyTestimonial, toTestimonialFormData } from '#client/admin/testimonials/testimonial-form-values';
import { TestimonialsSection } from '#client/components/testimonials-section';
import { testimonialSchema } from '#shared/schemas/testimonial';
import type { Testimonial } from '#shared/types';

// Testimonials (docs/product-rules.md, "Testimonials"): the public section's markup and the
// back-office form's request body. The pages themselves: tests/integration/testimonials.test.ts.

const WITHOUT_PHOTO: Testimonial = {
  id: 7,
  clientName: 'Rachidatou B.',
  town: 'Cotonou',
  projectType: 'Rénovation d’un appartement',
  text: 'Premier paragraphe.\n\nSecond paragraphe,\nsur deux lignes.',
  photo: null,
  published: true,
  date: '2026-02-01',
  publish_at: null,
};

describe('TestimonialsSection', () => {
  test('renders nothing at all when no testimonial is published', () => {
    expect(renderToStaticMarkup(<TestimonialsSection id="t" testimonials={[]} />)).toBe('');
  });

  test('a testimonial without a photo has no image; a blank line starts a new paragraph', () => {
    const html = renderToStaticMarkup(<TestimonialsSection id="t" testimonials={[WITHOUT_PHOTO]} />);
    expect(html).not.toContain('<img');
    expect(html).toContain('<h2 id="t">Ils nous ont fait confiance</h2>');
    expect(html).toContain(
      '<blockquote><p>Premier paragraphe.</p><p>Second paragraphe,\nsur deux lignes.</p></blockquote>',
    );
  });
});

describe('toTestimonialFormData', () => {
  const values = {
    ...emptyTestimonial('2026-03-05'),
    clientName: 'Famille Agossou',
    town: 'Paris (diaspora)',
    projectType: 'Villa R+1',
    text: 'Chantier suivi à distance, maison livrée.',
    date: '05/03/2026',
  };

  test('a new testimonial is dated today and unpublished; the unticked box is sent, so an update can unpublish', () => {
    expect(emptyTestimonial('2026-03-05')).toMatchObject({
      date: '2026-03-05',
      published: false,
      photo: null,
    });
    const body = toTestimonialFormData(testimonialSchema.parse(values), values, true);
    expect(body.get('_method')).toBe('PUT');
    expect(body.get('published')).toBe('0');
    expect(body.get('date')).toBe('2026-03-05');
    expect(body.get('photo')).toBeNull();
    expect(body.get('remove_photo')).toBeNull();
  });

  test('a new photo wins over remove_photo; remove_photo alone is sent only when editing', () => {
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'villa.jpg', { type: 'image/jpeg' });
    const ticked = { ...values, published: true, remove_photo: true };
    const withPhoto = toTestimonialFormData(testimonialSchema.parse(ticked), { ...ticked, photo }, true);
    expect(withPhoto.get('photo')).toBeInstanceOf(File);
    expect(withPhoto.get('remove_photo')).toBeNull();
    expect(withPhoto.get('published')).toBe('1');
    expect(toTestimonialFormData(testimonialSchema.parse(ticked), ticked, true).get('remove_photo')).toBe(
      '1',
    );
    expect(
      toTestimonialFormData(testimonialSchema.parse(ticked), ticked, false).get('remove_photo'),
    ).toBeNull();
  });
});
