import { describe, expect, it } from 'vitest';
import { categorySchema } from '#shared/schemas/category';
import { discountPercent, parseFeatures, parseSpecifications, productSchema } from '#shared/schemas/product';
import { parseWholeAmount } from '#shared/schemas/fields';
import { promotionSchema } from '#shared/schemas/promotion';

/**
 * The shared category, product and promotion schemas (product rules, Validation;
 * product rules: whole F CFA, a comma becomes a point).
 */

function fieldErrors(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const errors: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (errors[String(issue.path[0] ?? '')] ??= []).push(issue.message);
  return errors;
}

const product = {
  name: 'Ciment CPJ 42,5',
  price: '5500',
  category_id: '3',
  description: 'Ciment pour béton armé.',
};
const promotion = {
  title: 'Remise ciment',
  discount: '10%',
  startDate: '01/02/2025',
  endDate: '2025-03-31',
  description: 'Dix pour cent sur le ciment.',
};

describe('parseWholeAmount', () => {
  it.each([
    ['5500', 5500],
    [' 1 250 000 ', 1_250_000],
    ['1\u202f250\u00a0000', 1_250_000],
    ['1250000,00', 1_250_000],
    ['1500.0', 1500],
    [0, 0],
    [42, 42],
  ])('reads %j as %d', (input, expected) => {
    expect(parseWholeAmount(input)).toBe(expected);
  });

  it.each([
    ['1500,5'],
    ['1500.25'],
    ['12,50,00'],
    ['-5'],
    ['1e6'],
    ['abc'],
    [''],
    [1.5],
    [Number.NaN],
    [null],
    [undefined],
    [['5']],
  ])('refuses %j as invalid', (input) => {
    expect(parseWholeAmount(input)).toBe('invalid');
  });

  it('refuses beyond the given maximum or a safe integer as tooLarge', () => {
    expect(parseWholeAmount('11', 10)).toBe('tooLarge');
    expect(parseWholeAmount('90071992547409930')).toBe('tooLarge');
  });
});

describe('categorySchema', () => {
  it('trims both fields and needs 3 and 10 characters', () => {
    expect(categorySchema.parse({ name: ' Bois ', description: ' Bois de charpente ' })).toEqual({
      name: 'Bois',
      description: 'Bois de charpente',
    });
    expect(fieldErrors(categorySchema.safeParse({ name: ' ab ', description: null }))).toEqual({
      name: ['Le nom doit contenir au moins 3 caractères'],
      description: ['La description doit contenir au moins 10 caractères'],
    });
  });
});

describe('productSchema', () => {
  it('reads form text into numbers, leaves absent extras undefined and flags false', () => {
    expect(productSchema.parse({ ...product, price: '5 500,00', stock: '' })).toEqual({
      name: 'Ciment CPJ 42,5',
      price: 5500,
      category_id: 3,
      description: 'Ciment pour béton armé.',
      stock: undefined,
      old_price: undefined,
      reference: undefined,
      long_description: undefined,
      specifications: undefined,
      features: undefined,
      remove_gallery: [],
      remove_image: false,
    });
  });

  it('gives every message of product rules, Validation for an empty form', () => {
    expect(fieldErrors(productSchema.safeParse({}))).toEqual({
      name: ['Le nom doit contenir au moins 3 caractères'],
      price: ['Le prix doit être un nombre'],
      category_id: ['Veuillez sélectionner une catégorie'],
      description: ['La description doit contenir au moins 10 caractères'],
    });
  });

  it('refuses a fractional price, a fractional or negative stock and an old price not above the price', () => {
    expect(fieldErrors(productSchema.safeParse({ ...product, price: '5500,50' }))).toEqual({
      price: ['Le prix doit être un nombre'],
    });
    expect(fieldErrors(productSchema.safeParse({ ...product, stock: '1,5' }))).toEqual({
      stock: ['Le stock doit être un nombre'],
    });
    expect(fieldErrors(productSchema.safeParse({ ...product, stock: '-2' }))).toEqual({
      stock: ['Le stock doit être un nombre'],
    });
    expect(fieldErrors(productSchema.safeParse({ ...product, old_price: '5500' }))).toEqual({
      old_price: ["L'ancien prix doit être supérieur au prix"],
    });
  });

  it('clears the old price and the long description when sent empty', () => {
    const parsed = productSchema.parse({ ...product, old_price: '', long_description: '   ' });
    expect(parsed.old_price).toBeNull();
    expect(parsed.long_description).toBeNull();
  });

  it('upper-cases a reference and refuses one with spaces or over 40 characters', () => {
    expect(productSchema.parse({ ...product, reference: ' prd-0042 ' }).reference).toBe('PRD-0042');
    const message =
      'La référence ne peut contenir que des lettres, des chiffres, des points, des tirets et des barres obliques (40 caractères au maximum)';
    expect(fieldErrors(productSchema.safeParse({ ...product, reference: 'PRD 42' }))).toEqual({
      reference: [message],
    });
    expect(fieldErrors(productSchema.safeParse({ ...product, reference: 'A'.repeat(41) }))).toEqual({
      reference: [message],
    });
  });

  it('reads remove_gallery as a list and remove_image as a checkbox', () => {
    const parsed = productSchema.parse({ ...product, remove_gallery: 'products/a.jpg', remove_image: 'on' });
    expect(parsed.remove_gallery).toEqual(['products/a.jpg']);
    expect(parsed.remove_image).toBe(true);
  });
});

describe('parseSpecifications and parseFeatures', () => {
  it('read JSON text and the arrays multer builds from indexed or repeated fields', () => {
    expect(parseSpecifications('[{"name":" Poids ","value":"50 kg"}]')).toEqual([
      { name: 'Poids', value: '50 kg' },
    ]);
    expect(parseSpecifications([{ name: 'A', value: '1' }, undefined, { name: '', value: '' }])).toEqual([
      { name: 'A', value: '1' },
    ]);
    expect(parseFeatures('["Solide"," "]')).toEqual(['Solide']);
    expect(parseFeatures(['Un', 'Deux'])).toEqual(['Un', 'Deux']);
    expect(parseFeatures('Un seul point fort')).toEqual(['Un seul point fort']);
  });

  it('clear on an empty text, keep on absence, and refuse half-filled rows or non-text entries', () => {
    expect(parseSpecifications('')).toEqual([]);
    expect(parseFeatures('')).toEqual([]);
    expect(parseSpecifications(undefined)).toBeUndefined();
    expect(parseFeatures(undefined)).toBeUndefined();
    expect(typeof parseSpecifications([{ name: 'Poids' }])).toBe('symbol');
    expect(typeof parseSpecifications('[{"name":')).toBe('symbol');
    expect(typeof parseFeatures([{ x: 1 }])).toBe('symbol');
  });
});

describe('discountPercent', () => {
  it('is the whole percent off a higher old price, null otherwise', () => {
    expect(discountPercent(5500, 6000)).toBe(8);
    expect(discountPercent(7500, 10000)).toBe(25);
    expect(discountPercent(6000, 6000)).toBeNull();
    expect(discountPercent(6000, null)).toBeNull();
  });
});

describe('promotionSchema', () => {
  it('reads dd/mm/yyyy day first and keeps the discount text as typed', () => {
    expect(promotionSchema.parse({ ...promotion, discount: ' 12,5 % ' })).toEqual({
      title: 'Remise ciment',
      discount: '12,5 %',
      code: null,
      startDate: '2025-02-01',
      endDate: '2025-03-31',
      description: 'Dix pour cent sur le ciment.',
      remove_image: false,
    });
  });

  it('gives every message of product rules, Validation for an empty form', () => {
    expect(fieldErrors(promotionSchema.safeParse({}))).toEqual({
      title: ['Le titre doit contenir au moins 3 caractères'],
      discount: ['La remise doit être un nombre'],
      startDate: ['La date de début est requise'],
      endDate: ['La date de fin est requise'],
      description: ['La description doit contenir au moins 10 caractères'],
    });
  });

  it.each([['-20%'], ['5000'], ['7.5%'], [15]])('accepts the discount %j', (discount) => {
    expect(promotionSchema.safeParse({ ...promotion, discount }).success).toBe(true);
  });

  it.each([['dix'], ['%'], ['10%%'], ['101%']])('refuses the discount %j', (discount) => {
    expect(Object.keys(fieldErrors(promotionSchema.safeParse({ ...promotion, discount })))).toEqual([
      'discount',
    ]);
  });

  it('refuses an impossible date and an end before the start, accepting an end on the start day', () => {
    expect(fieldErrors(promotionSchema.safeParse({ ...promotion, endDate: '30/02/2025' }))).toEqual({
      endDate: ['La date de fin est invalide (AAAA-MM-JJ ou JJ/MM/AAAA)'],
    });
    expect(fieldErrors(promotionSchema.safeParse({ ...promotion, endDate: '31/01/2025' }))).toEqual({
      endDate: ['La date de fin doit être postérieure ou égale à la date de début'],
    });
    expect(promotionSchema.safeParse({ ...promotion, endDate: '2025-02-01' }).success).toBe(true);
  });
});
