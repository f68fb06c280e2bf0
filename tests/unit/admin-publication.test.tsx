import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { publicationField, publishAtField } from '#shared/schemas/fields';
import { PublicationBadge, PublicationFields, useEntityForm, type PreviewKind } from '#client/admin/kit';
import {
  appendPublication,
  NEW_PUBLICATION,
  publicationBadge,
  publicationOutcome,
  publicationToValues,
  publishAtInput,
  type PublicationValues,
} from '#client/admin/kit/publication-values';
import {
  EMPTY_PRODUCT,
  productToValues,
  toProductFormData,
} from '#client/admin/products/product-form-values';
import {
  emptyPromotion,
  promotionToValues,
  toPromotionFormData,
} from '#client/admin/promotions/promotion-form-values';
import {
  emptyTestimonial,
  testimonialToValues,
  toTestimonialFormData,
} from '#client/admin/testimonials/testimonial-form-values';
import { offerFormData } from '#client/admin/offers/offer-save';
import { productSchema } from '#shared/schemas/product';
import { promotionSchema } from '#shared/schemas/promotion';
import { testimonialSchema } from '#shared/schemas/testimonial';
import type { ProductDetail, Promotion, Testimonial } from '#shared/types';

// The back office's drafts and scheduled publishing (docs/product-rules.md, "Drafts and
// scheduled publishing"): the 'Publication' block, the lists' badge, the forms' values.

const NOW = new Date('2026-11-28T09:00:00Z');

describe('publication values', () => {
  test('a stored UTC instant shows as Cotonou’s wall clock (UTC+1), and back', () => {
    expect(publishAtInput('2026-12-01T07:00:00.000Z')).toBe('2026-12-01T08:00');
    expect(publishAtInput('2026-12-31T23:30:00Z')).toBe('2027-01-01T00:30');
    expect(publishAtInput(null)).toBe('');
    expect(publicationToValues({ publication: 'draft', publish_at: null })).toEqual({
      publication: 'draft',
      publish_at: '',
    });
  });

  test('new items are published as soon as saved', () => {
    expect(NEW_PUBLICATION).toEqual({ publication: 'published', publish_at: '' });
    expect(EMPTY_PRODUCT.publication).toBe('published');
    expect(emptyPromotion('2026-11-28').publication).toBe('published');
  });

  test('the line says what saving will do', () => {
    const at = (publication: PublicationValues['publication'], publish_at: string) =>
      publicationOutcome({ publication, publish_at }, NOW);
    expect(at('published', '')).toBe('Visible sur le site dès maintenant');
    expect(at('published', '2026-12-01T08:00')).toBe('Programmé : visible le 01/12/2026 à 08:00');
    // 09:30 in Cotonou is 08:30 UTC: already past.
    expect(at('published', '2026-11-28T09:30')).toBe('Visible sur le site dès maintenant');
    expect(at('draft', '2026-12-01T08:00')).toBe('Brouillon : invisible sur le site');
  });

  test('the lists’ badge: draft, scheduled with its moment, published', () => {
    expect(publicationBadge('draft', '2026-12-01T07:00:00Z', NOW)).toEqual({ label: 'draft' });
    expect(publicationBadge('published', '2026-12-01T07:00:00Z', NOW)).toEqual({
      label: 'scheduled',
      title: 'Visible le 01/12/2026 à 08:00',
    });
    expect(publicationBadge('published', '2026-11-01T07:00:00Z', NOW)).toEqual({ label: 'published' });
    expect(renderToString(<PublicationBadge publication="draft" publishAt={null} />)).toContain(
      '>Brouillon</span>',
    );
  });

  test('the body carries the state and the moment as typed, empty for none', () => {
    const body = new FormData();
    appendPublication(body, { publication: 'draft', publish_at: '2026-12-01T08:00' });
    expect([...body.entries()]).toEqual([
      ['publication', 'draft'],
      ['publish_at', '2026-12-01T08:00'],
    ]);
  });
});

describe('each form sends its publication', () => {
  test('product: edit values from the stored product, and the body', () => {
    const product = {
      id: 4,
      name: 'Chaise',
      reference: 'PRD-0004',
      price: 15000,
      old_price: null,
      category_id: 2,
      description: 'Une chaise en bois massif.',
      long_description: null,
      stock: 3,
      specifications: [],
      features: [],
      publication: 'published',
      publish_at: '2026-12-01T07:00:00.000Z',
    } as unknown as ProductDetail;
    const values = productToValues(product);
    expect(values.publication).toBe('published');
    expect(values.publish_at).toBe('2026-12-01T08:00');
    const draft = { ...values, publication: 'draft' as const, publish_at: '' };
    const body = toProductFormData(productSchema.parse(draft), draft, true);
    expect(body.get('publication')).toBe('draft');
    expect(body.get('publish_at')).toBe('');
  });

  test('promotion', () => {
    const promotion = {
      id: 1,
      title: 'Noël',
      discount: '10%',
      code: null,
      startDate: '2026-12-01',
      endDate: '2026-12-31',
      description: 'Dix pour cent sur tout.',
      image: null,
      publication: 'draft',
      publish_at: null,
    } as unknown as Promotion;
    const values = { ...promotionToValues(promotion), publish_at: '2026-12-01T08:00' };
    const body = toPromotionFormData(promotionSchema.parse(values), values, true);
    expect(body.get('publication')).toBe('draft');
    expect(body.get('publish_at')).toBe('2026-12-01T08:00');
  });

  test('testimonial: its state stays `published`, only the moment is added', () => {
    const stored = {
      id: 2,
      clientName: 'Awa',
      town: 'Cotonou',
      projectType: 'Villa',
      text: 'Très bon travail, merci.',
      photo: null,
      published: true,
      publish_at: '2026-12-01T07:00:00Z',
      date: '2026-11-01',
    } as Testimonial;
    expect(testimonialToValues(stored).publish_at).toBe('2026-12-01T08:00');
    const values = {
      ...emptyTestimonial('2026-11-28'),
      clientName: 'Awa',
      town: 'Cotonou',
      projectType: 'Villa',
      text: 'Très bon travail, merci.',
      publish_at: '2026-12-01T08:00',
    };
    const body = toTestimonialFormData(testimonialSchema.parse(values), values, false);
    expect(body.get('published')).toBe('0');
    expect(body.get('publish_at')).toBe('2026-12-01T08:00');
    expect(body.get('publication')).toBeNull();
  });

  test('offers: the schema’s instant goes as ISO 8601 UTC', () => {
    const body = offerFormData({
      kind: 'biens',
      fields: {
        description: 'Un lot de tuiles.',
        publication: 'draft',
        publish_at: new Date('2026-12-01T07:00:00Z'),
      },
      image: null,
    });
    expect(body.get('publication')).toBe('draft');
    expect(body.get('publish_at')).toBe('2026-12-01T07:00:00.000Z');
  });
});

const schema = z.object({ publication: publicationField(), publish_at: publishAtField() });

function Block({
  initial,
  id,
  kind = 'product',
}: {
  initial: PublicationValues;
  id?: number;
  kind?: PreviewKind;
}) {
  const form = useEntityForm({
    schema,
    initialValues: initial,
    draftKey: false,
    save: async () => undefined,
    outcome: { created: { title: 'ok', description: 'ok' }, backTo: '/admin', failure: 'échec' },
  });
  return <PublicationFields form={form} preview={{ kind, id }} />;
}

const render = (node: React.ReactNode) => renderToString(<MemoryRouter>{node}</MemoryRouter>);

describe('PublicationFields', () => {
  test('shows État, Publier le with its hint, the outcome and Aperçu', () => {
    const html = render(
      <Block initial={{ publication: 'published', publish_at: '2099-12-01T08:00' }} id={4} />,
    );
    expect(html).toContain('<legend>Publication</legend>');
    expect(html).toContain('>État</label>');
    expect(html).toContain('>Brouillon</option>');
    expect(html).toContain('>Publié</option>');
    expect(html).toContain('>Publier le</label>');
    expect(html).toContain('type="datetime-local"');
    expect(html).toContain('value="2099-12-01T08:00"');
    expect(html).toContain('Heure de Cotonou. Laissez vide pour publier dès l’enregistrement.');
    expect(html).toContain('Programmé : visible le 01/12/2099 à 08:00');
    expect(html).toMatch(/<button type="button" class="btn btn-small">Aperçu<\/button>/);
  });

  test('a draft says it is invisible', () => {
    const html = render(<Block initial={{ publication: 'draft', publish_at: '' }} id={4} />);
    expect(html).toContain('Brouillon : invisible sur le site');
  });

  test('a new item cannot be previewed, and says why', () => {
    const html = render(<Block initial={NEW_PUBLICATION} />);
    expect(html).toContain('Visible sur le site dès maintenant');
    expect(html).toMatch(/<button type="button" class="btn btn-small" disabled=""[^>]*>Aperçu<\/button>/);
    expect(html).toContain('Enregistrez d’abord pour voir l’aperçu.');
  });
});
