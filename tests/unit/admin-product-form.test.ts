import { describe, expect, test } from 'vitest';
import { categoriesOf } from '#client/admin/products/use-product-categories';
import {
  EMPTY_PRODUCT,
  PRODUCT_SAVE_FALLBACK,
  productSaveErrorText,
  productToValues,
  toProductFormData,
  type ProductFormValues,
} from '#client/admin/products/product-form-values';
import { ApiError } from '#client/lib/api-client';
import { productSchema } from '#shared/schemas/product';
import type { ProductDetail } from '#shared/types';

// The product form's values to its request body (product rules, Validation;
// product rules: whole F CFA, a comma becomes a point, references, lists, gallery).

const filled: ProductFormValues = {
  ...EMPTY_PRODUCT,
  name: 'Brique pleine',
  price: '12 500',
  old_price: '15000,00',
  category_id: '3',
  description: 'Brique cuite pour murs porteurs.',
  specifications: [
    { name: 'Poids', value: '2,2 kg' },
    { name: '', value: '' },
  ],
  features: ['Cuite à 900 °C', '  '],
};

function bodyOf(values: ProductFormValues, editing: boolean): FormData {
  const parsed = productSchema.safeParse(values);
  if (!parsed.success) throw new Error(parsed.error.message);
  return toProductFormData(parsed.data, values, editing);
}

const image = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff])], name, { type: 'image/jpeg' });

describe('toProductFormData', () => {
  test('a creation sends whole amounts, the lists as JSON without blank entries, and no _method', () => {
    const body = bodyOf(filled, false);
    expect(body.get('_method')).toBeNull();
    expect(body.get('price')).toBe('12500');
    expect(body.get('old_price')).toBe('15000');
    expect(body.get('stock')).toBe('0');
    expect(body.get('reference')).toBe('');
    expect(JSON.parse(String(body.get('specifications')))).toEqual([{ name: 'Poids', value: '2,2 kg' }]);
    expect(JSON.parse(String(body.get('features')))).toEqual(['Cuite à 900 °C']);
    expect(body.get('image')).toBeNull();
    expect(body.getAll('gallery[]')).toEqual([]);
  });

  test('a price with a fractional part is refused with the product rules message, before anything is sent', () => {
    const parsed = productSchema.safeParse({ ...filled, price: '1500,50' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['price', 'Le prix doit être un nombre'],
    ]);
  });

  test('an update says PUT, sends the new files under image and gallery[], and the stored paths to remove', () => {
    const main = image('principale.jpg');
    const extra = [image('a.jpg'), image('b.jpg')];
    const body = bodyOf(
      { ...filled, image: main, remove_image: true, gallery: extra, remove_gallery: ['products/old.jpg'] },
      true,
    );
    expect(body.get('_method')).toBe('PUT');
    expect((body.get('image') as File).name).toBe('principale.jpg');
    // A new main image replaces the stored one: no remove flag with it.
    expect(body.get('remove_image')).toBeNull();
    expect(body.getAll('gallery[]').map((file) => (file as File).name)).toEqual(['a.jpg', 'b.jpg']);
    expect(body.getAll('remove_gallery[]')).toEqual(['products/old.jpg']);
  });

  test('an update that only removes the main image sends remove_image; cleared optional fields go empty', () => {
    const body = bodyOf(
      { ...filled, remove_image: true, old_price: '', long_description: '', stock: '' },
      true,
    );
    expect(body.get('remove_image')).toBe('1');
    expect(body.get('old_price')).toBe('');
    expect(body.get('long_description')).toBe('');
    // Empty stock on an update keeps the stored stock (the server reads '' as "not given").
    expect(body.get('stock')).toBe('');
  });

  test('a restored draft holds no files: null entries of the gallery are not sent', () => {
    const body = bodyOf({ ...filled, gallery: [null, null] as unknown as File[] }, false);
    expect(body.getAll('gallery[]')).toEqual([]);
  });
});

describe('productToValues', () => {
  test('gives the stored product as strings and copies of its lists', () => {
    const product = {
      id: 7,
      reference: 'PRD-0007',
      name: 'Ciment',
      category_id: 2,
      category: { id: 2, name: 'Gros œuvre' },
      price: 5500,
      old_price: null,
      oldPrice: null,
      discount: null,
      stock: 12,
      description: 'Ciment pour maçonnerie.',
      image: 'products/ciment.jpg',
      created_at: '',
      publication: 'published',
      publish_at: null,
      long_description: null,
      longDescription: null,
      specifications: [{ name: 'Sac', value: '50 kg' }],
      features: ['Prise régulière'],
      gallery: ['products/g1.jpg'],
      updated_at: '',
    } satisfies ProductDetail;
    const values = productToValues(product);
    expect(values).toMatchObject({
      reference: 'PRD-0007',
      price: '5500',
      old_price: '',
      category_id: '2',
      stock: '12',
      long_description: '',
    });
    expect(values.specifications).toEqual(product.specifications);
    expect(values.specifications).not.toBe(product.specifications);
    expect(values.remove_gallery).toEqual([]);
  });
});

describe('productSaveErrorText', () => {
  test('field errors are listed as field: messages under Erreurs de validation:', () => {
    const error = new ApiError('Données invalides', 422, {
      reference: ['Cette référence est déjà utilisée par un autre produit.'],
      gallery: ['A', 'B'],
    });
    expect(productSaveErrorText(error)).toBe(
      'Erreurs de validation:\nreference: Cette référence est déjà utilisée par un autre produit.\ngallery: A, B',
    );
  });

  test('otherwise the message, else the product rules fallback', () => {
    expect(productSaveErrorText(new ApiError('Erreur interne du serveur', 500))).toBe(
      'Erreur interne du serveur',
    );
    expect(productSaveErrorText(new Error(''))).toBe(PRODUCT_SAVE_FALLBACK);
    expect(productSaveErrorText('?')).toBe("Une erreur s'est produite lors de la sauvegarde du produit.");
  });
});

describe('categoriesOf', () => {
  test('accepts { data: [...] } and a bare array (product rules, Entities), refuses any other shape', () => {
    const list = [{ id: 1, name: 'Gros œuvre', description: 'x', products_count: 3 }];
    expect(categoriesOf({ data: list })).toEqual([{ id: 1, name: 'Gros œuvre' }]);
    expect(categoriesOf(list)).toEqual([{ id: 1, name: 'Gros œuvre' }]);
    expect(categoriesOf({ data: [] })).toEqual([]);
    expect(categoriesOf({ categories: list })).toBeNull();
    expect(categoriesOf([{ id: '1', name: 'Gros œuvre' }])).toBeNull();
    expect(categoriesOf(null)).toBeNull();
  });
});
