import type { ProductInput } from '#shared/schemas/product';
import type { ProductDetail, ProductSpecification } from '#shared/types';
import {
  appendPublication,
  NEW_PUBLICATION,
  publicationToValues,
  type PublicationValues,
} from '#client/admin/kit/publication-values';

/**
 * What the product form holds (strings as typed, lists, files) and how it goes to the API
 * (product rules, API: form data; product-form.ts on the server reads these names). Pure
 * functions, tested in tests/unit/admin-product-form.test.ts.
 */
export type ProductFormValues = {
  name: string;
  /** Optional: left empty, the server generates the next PRD-n (product rules). */
  reference: string;
  price: string;
  old_price: string;
  category_id: string;
  description: string;
  long_description: string;
  stock: string;
  specifications: ProductSpecification[];
  features: string[];
  image: File | null;
  /** Edit only: take the stored main image away. */
  remove_image: boolean;
  /** New gallery files, sent as gallery[]. */
  gallery: File[];
  /** Stored gallery paths to remove, sent as remove_gallery[]. */
  remove_gallery: string[];
} & PublicationValues;

/** Product rules, Limits and constants: product stock '0'. */
export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  reference: '',
  price: '',
  old_price: '',
  category_id: '',
  description: '',
  long_description: '',
  stock: '0',
  specifications: [],
  features: [],
  image: null,
  remove_image: false,
  gallery: [],
  remove_gallery: [],
  ...NEW_PUBLICATION,
};

/** Files cannot live in a draft (sessionStorage): they are left out of it. */
export const PRODUCT_DRAFT_EXCLUDE = ['image', 'gallery'] as const;

/** The stored product as form values (edit). */
export function productToValues(product: ProductDetail): ProductFormValues {
  return {
    ...EMPTY_PRODUCT,
    name: product.name,
    reference: product.reference ?? '',
    price: String(product.price),
    old_price: product.old_price === null ? '' : String(product.old_price),
    category_id: String(product.category_id),
    description: product.description,
    long_description: product.long_description ?? '',
    stock: String(product.stock),
    specifications: product.specifications.map((row) => ({ ...row })),
    features: [...product.features],
    ...publicationToValues(product),
  };
}

/**
 * The request body. Amounts go as the schema read them (a comma became a point,
 * product rules, Validation; whole F CFA, product rules), lists as JSON text, files under their field names.
 * An update carries `_method=PUT` (product rules, API). Optional fields are always sent: empty
 * clears them (old price, long description, lists), except the reference and the stock,
 * which the server keeps when they come empty on an update.
 */
export function toProductFormData(data: ProductInput, values: ProductFormValues, editing: boolean): FormData {
  const body = new FormData();
  if (editing) body.append('_method', 'PUT');
  body.append('name', data.name);
  body.append('reference', data.reference ?? '');
  body.append('price', String(data.price));
  body.append('old_price', data.old_price == null ? '' : String(data.old_price));
  body.append('category_id', String(data.category_id));
  body.append('description', data.description);
  body.append('long_description', data.long_description ?? '');
  body.append('stock', data.stock === undefined ? '' : String(data.stock));
  body.append('specifications', JSON.stringify(data.specifications ?? []));
  body.append('features', JSON.stringify(data.features ?? []));
  if (values.image instanceof File) body.append('image', values.image);
  if (editing && values.remove_image && !(values.image instanceof File)) body.append('remove_image', '1');
  for (const file of newGalleryFiles(values)) body.append('gallery[]', file);
  if (editing) for (const path of values.remove_gallery) body.append('remove_gallery[]', path);
  appendPublication(body, values);
  return body;
}

/** A restored draft holds no files: only real File entries count. */
export function newGalleryFiles(values: Pick<ProductFormValues, 'gallery'>): File[] {
  return Array.isArray(values.gallery)
    ? values.gallery.filter((file): file is File => file instanceof File)
    : [];
}

/**
 * Product rules, Messages and errors: a failed product save lists the field errors as
 * 'field: messages' under 'Erreurs de validation:', else says the message or the fallback.
 */
export const PRODUCT_SAVE_FALLBACK = "Une erreur s'est produite lors de la sauvegarde du produit.";

export function productSaveErrorText(error: unknown): string {
  const errors = (error as { errors?: Record<string, string[] | string> } | null)?.errors;
  const lines = errors
    ? Object.entries(errors)
        .map(
          ([field, messages]) => [field, Array.isArray(messages) ? messages.join(', ') : messages] as const,
        )
        .filter(([, text]) => text)
        .map(([field, text]) => `${field}: ${text}`)
    : [];
  if (lines.length > 0) return ['Erreurs de validation:', ...lines].join('\n');
  return error instanceof Error && error.message ? error.message : PRODUCT_SAVE_FALLBACK;
}
