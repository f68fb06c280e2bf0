import { z } from 'zod';
import { discountPercent } from '#shared/schemas/product';
import type { ProductDetail, ProductSpecification, ProductSummary } from '#shared/types';
import { decodeJson, fromDbDateTime, toNumber } from '#server/db/dialect';
import { publishableOf } from '#server/db/publication';

/** A products row joined with its category's name (products.repository.ts). */
export interface ProductRow {
  id: number;
  reference: string;
  name: string;
  category_id: number;
  category_name: string | null;
  price: number | string;
  old_price: number | string | null;
  stock: number | string;
  description: string;
  image: string | null;
  created_at: string;
  publication: string;
  publish_at: string | Date | null;
  long_description?: string | null;
  specifications?: string | null;
  features?: string | null;
  gallery?: string | null;
  updated_at?: string;
}

// JSON-shaped columns are parsed here only (product rules, Wire details); a bad value reads empty.
const specificationsShape = z.array(z.object({ name: z.string(), value: z.string() }));
const stringList = z.array(z.string());

export function galleryOf(row: Pick<ProductRow, 'gallery'>): string[] {
  return decodeJson(row.gallery, [], stringList);
}

const isoDateTime = (value: string | undefined) => fromDbDateTime(value)?.toISOString() ?? '';

export function toProductSummary(row: ProductRow): ProductSummary {
  const price = toNumber(row.price);
  const oldPrice = toNumber(row.old_price);
  const categoryId = Number(row.category_id);
  return {
    id: Number(row.id),
    reference: row.reference,
    name: row.name,
    category_id: categoryId,
    category: row.category_name === null ? null : { id: categoryId, name: row.category_name },
    price,
    old_price: oldPrice,
    oldPrice,
    discount: discountPercent(price, oldPrice),
    stock: toNumber(row.stock),
    description: row.description,
    image: row.image,
    created_at: isoDateTime(row.created_at),
    ...publishableOf(row),
  };
}

export function toProductDetail(row: ProductRow): ProductDetail {
  const longDescription = row.long_description ?? null;
  return {
    ...toProductSummary(row),
    long_description: longDescription,
    longDescription,
    specifications: decodeJson<ProductSpecification[]>(row.specifications, [], specificationsShape),
    features: decodeJson(row.features, [], stringList),
    gallery: galleryOf(row),
    updated_at: isoDateTime(row.updated_at),
  };
}
