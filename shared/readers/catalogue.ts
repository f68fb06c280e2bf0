import type { ProductDetail, ProductSummary } from '#shared/types';

/**
 * What catalogue page loaders may read on the server (part of PageContext). Implemented by
 * server/ssr/readers/catalogue.ts.
 */
export interface CatalogueReader {
  /** Every category, by name. Never throws: a failure is logged and reads as none (product rules, Messages and errors). */
  catalogueCategories(): Promise<CatalogueCategory[]>;
  /** One page of the catalogue, newest first. Never throws either: a failure reads as empty. */
  cataloguePage(query: CatalogueQuery, page: number, perPage: number): Promise<CataloguePage>;
  /** The detail page's product, or null when no product has this id. */
  catalogueProduct(id: number): Promise<ProductDetail | null>;
}

/** The catalogue's first screenful, and the size of each further page the island loads. */
export const CATALOGUE_PAGE_SIZE = 12;

export interface CatalogueCategory {
  id: number;
  name: string;
}

/** Product rules, Validation: the name contains `search` (any case), in `categoryId`. */
export interface CatalogueQuery {
  search?: string;
  categoryId?: number;
}

/**
 * A product as a catalogue card and its modal show it: just what they need, because these
 * items travel twice in the first response (the HTML and the island's props).
 */
export interface CatalogueItem {
  id: number;
  reference: string;
  name: string;
  /** For the island's instant category filter. */
  category_id: number;
  price: number;
  description: string;
  image: string | null;
  stock: number;
}

export interface CataloguePage {
  items: CatalogueItem[];
  total: number;
  page: number;
  lastPage: number;
}

export function toCatalogueItem(product: ProductSummary): CatalogueItem {
  const { id, reference, name, category_id, price, description, image, stock } = product;
  return { id, reference, name, category_id, price, description, image, stock };
}
