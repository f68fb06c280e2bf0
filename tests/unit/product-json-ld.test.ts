import { describe, expect, it } from 'vitest';
import { productJsonLd } from '#client/pages/products/product-json-ld';
import type { ProductDetail } from '#shared/types';

const APP_URL = 'https://www.example.bj';

const product = (overrides: Partial<ProductDetail> = {}): ProductDetail => ({
  id: 42,
  reference: 'PRD-0042',
  name: 'Canapé 3 places',
  category_id: 6,
  category: { id: 6, name: 'Mobilier de salon' },
  price: 450000,
  old_price: null,
  oldPrice: null,
  discount: null,
  stock: 2,
  description: 'Canapé profond à structure en bois massif.',
  image: 'products/canape.jpg',
  created_at: '2024-01-01T00:00:00.000Z',
  publication: 'published',
  publish_at: null,
  long_description: null,
  longDescription: null,
  specifications: [],
  features: [],
  gallery: [],
  updated_at: '2024-01-01T00:00:00.000Z',
  ...overrides,
});

describe('productJsonLd', () => {
  it('describes the product for search engines: sku, absolute image and URL, price in XOF, in stock', () => {
    expect(productJsonLd(product(), APP_URL)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Canapé 3 places',
      sku: 'PRD-0042',
      image: 'https://www.example.bj/storage/products/canape.jpg',
      description: 'Canapé profond à structure en bois massif.',
      category: 'Mobilier de salon',
      url: 'https://www.example.bj/products/42',
      offers: {
        '@type': 'Offer',
        price: 450000,
        priceCurrency: 'XOF',
        availability: 'https://schema.org/InStock',
        url: 'https://www.example.bj/products/42',
      },
    });
  });

  it('says OutOfStock at 0, keeps an absolute image URL as is, and leaves out a missing image', () => {
    expect(productJsonLd(product({ stock: 0 }), APP_URL)).toMatchObject({
      offers: { availability: 'https://schema.org/OutOfStock' },
    });
    expect(productJsonLd(product({ image: 'https://cdn.example.com/a.jpg' }), APP_URL)).toMatchObject({
      image: 'https://cdn.example.com/a.jpg',
    });
    expect(productJsonLd(product({ image: null }), APP_URL)).not.toHaveProperty('image');
  });
});
