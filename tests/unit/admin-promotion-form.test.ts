import { describe, expect, test } from 'vitest';
import {
  emptyPromotion,
  hasEnded,
  toPromotionFormData,
} from '#client/admin/promotions/promotion-form-values';
import { businessToday } from '#shared/calendar';
import { promotionSchema } from '#shared/schemas/promotion';

// The promotion form (product rules, Validation; product rules: Cotonou's calendar).

describe('businessToday', () => {
  test('is the calendar day in Africa/Porto-Novo (UTC+1), not the UTC one', () => {
    expect(businessToday(new Date('2026-03-04T22:59:00Z'))).toBe('2026-03-04');
    expect(businessToday(new Date('2026-03-04T23:30:00Z'))).toBe('2026-03-05');
  });

  test('is the default start date of a new promotion', () => {
    expect(emptyPromotion('2026-03-05')).toMatchObject({ startDate: '2026-03-05', endDate: '', image: null });
  });
});

describe('toPromotionFormData', () => {
  const values = {
    ...emptyPromotion('2026-03-05'),
    title: 'Fête des mères',
    discount: '10%',
    startDate: '05/03/2026',
    endDate: '2026-03-31',
    description: 'Dix pour cent sur la décoration.',
  };

  test('a day written dd/mm/yyyy goes as yyyy-mm-dd; the discount is kept as typed', () => {
    const parsed = promotionSchema.parse(values);
    const body = toPromotionFormData(parsed, values, false);
    expect(body.get('startDate')).toBe('2026-03-05');
    expect(body.get('endDate')).toBe('2026-03-31');
    expect(body.get('discount')).toBe('10%');
    expect(body.get('_method')).toBeNull();
    expect(body.get('image')).toBeNull();
  });

  test('an update says PUT; remove_image goes only without a new image', () => {
    const parsed = promotionSchema.parse(values);
    expect(toPromotionFormData(parsed, { ...values, remove_image: true }, true).get('remove_image')).toBe(
      '1',
    );
    const file = new File([new Uint8Array([1])], 'promo.jpg', { type: 'image/jpeg' });
    const body = toPromotionFormData(parsed, { ...values, remove_image: true, image: file }, true);
    expect(body.get('_method')).toBe('PUT');
    expect(body.get('remove_image')).toBeNull();
    expect((body.get('image') as File).name).toBe('promo.jpg');
  });

  test('a discount that is no number once % is removed is refused with the product rules message', () => {
    const parsed = promotionSchema.safeParse({ ...values, discount: 'dix%' });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['La remise doit être un nombre']);
  });
});

describe('hasEnded', () => {
  test('a promotion runs through its end date (product rules) and has ended the day after', () => {
    expect(hasEnded({ endDate: '2026-03-05' }, '2026-03-05')).toBe(false);
    expect(hasEnded({ endDate: '2026-03-04' }, '2026-03-05')).toBe(true);
  });
});

describe('promotion code', () => {
  const base = {
    ...emptyPromotion('2026-03-05'),
    title: 'Fête des mères',
    discount: '10%',
    endDate: '2026-03-31',
    description: 'Dix pour cent sur la décoration.',
  };

  test('is optional, trimmed and stored in capitals, and always sent so that emptying it takes it away', () => {
    expect(promotionSchema.parse(base).code).toBeNull();
    const parsed = promotionSchema.parse({ ...base, code: ' fete-meres-26 ' });
    expect(parsed.code).toBe('FETE-MERES-26');
    expect(toPromotionFormData(parsed, base, true).get('code')).toBe('FETE-MERES-26');
    expect(toPromotionFormData(promotionSchema.parse(base), base, true).get('code')).toBe('');
  });

  test.each(['FÊTE', 'AB', 'DEUX MOTS', 'FIN-', '-DEBUT', 'X'.repeat(31)])(
    'refuses %s with its message',
    (code) => {
      const result = promotionSchema.safeParse({ ...base, code });
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([
        'Le code promo contient de 3 à 30 lettres sans accents, chiffres ou tirets (ex. RENTREE-2026)',
      ]);
    },
  );
});
