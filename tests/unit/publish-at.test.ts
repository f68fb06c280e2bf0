import { describe, expect, it } from 'vitest';
import { parsePublishAt, publicationLabel } from '#shared/publication';
import { productSchema } from '#shared/schemas/product';

// The moment of a scheduled item as forms and clients give it (docs/product-rules.md,
// "Drafts and scheduled publishing"): a Cotonou wall clock or an ISO 8601 instant.

describe('parsePublishAt', () => {
  it.each([
    ['2031-06-15T09:30', '2031-06-15T08:30:00.000Z'],
    ['2031-01-01T00:15', '2030-12-31T23:15:00.000Z'],
    ['15/06/2031 09:30', '2031-06-15T08:30:00.000Z'],
    ['2031-06-15T09:30:00Z', '2031-06-15T09:30:00.000Z'],
    ['2031-06-15T09:30:00.000+02:00', '2031-06-15T07:30:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(parsePublishAt(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '',
    'demain',
    '2031-02-30T10:00',
    '2031-06-15T24:00',
    '31/13/2031 10:00',
    '0999-01-01T10:00',
    '2031-06-15',
  ])('refuses %j', (text) => {
    expect(parsePublishAt(text)).toBeNull();
  });
});

describe('the product schema’s publication fields', () => {
  const base = { name: 'Ciment', price: '5500', category_id: '1', description: 'Ciment pour maçonnerie.' };

  it('leaves both absent when a form predates them, clears an empty moment', () => {
    const absent = productSchema.parse(base);
    expect(absent.publication).toBeUndefined();
    expect(absent.publish_at).toBeUndefined();
    expect(productSchema.parse({ ...base, publish_at: '' }).publish_at).toBeNull();
  });

  it('says what is wrong, in French', () => {
    const result = productSchema.safeParse({ ...base, publish_at: '2031-02-30T10:00', publication: 'x' });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(messages).toContain('publish_at: La date de publication est invalide (jj/mm/aaaa hh:mm).');
    expect(messages.some((m) => m.startsWith('publication: '))).toBe(true);
  });

  it('labels a published item with a later moment as scheduled', () => {
    const now = new Date('2031-06-15T08:00:00Z');
    expect(publicationLabel('published', '2031-06-15T08:30:00.000Z', now)).toBe('scheduled');
    expect(publicationLabel('published', null, now)).toBe('published');
    expect(publicationLabel('draft', '2031-06-15T08:30:00.000Z', now)).toBe('draft');
  });
});

describe('the activity log’s reading of the state and the moment', () => {
  it('names the state in French and shows the moment in Cotonou time, from either engine’s spelling', async () => {
    const { describeChange } = await import('#shared/activity');
    expect(describeChange('publication', ['published', 'draft'])).toBe(
      'État de publication : Publié → Brouillon',
    );
    expect(describeChange('publish_at', [null, '2031-06-15 08:30:00'])).toBe(
      'Date de publication : (vide) → 15/06/2031 09:30',
    );
    expect(describeChange('publish_at', ['2031-06-15T08:30:00.000Z', null])).toBe(
      'Date de publication : 15/06/2031 09:30 → (vide)',
    );
  });
});
