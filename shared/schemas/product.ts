import { z } from 'zod';
import { bulkMessages, bulkSelectionFields, checkBulkSelection } from '#shared/bulk';
import { listQueryFields } from '#shared/list-query';
import { PUBLICATION_LABELS, publicationMessages, type PublicationLabel } from '#shared/publication';
import {
  DESCRIPTION_MAX,
  formFlag,
  INVALID_LIST,
  listField,
  listValues,
  optionalWholeAmount,
  publicationField,
  publishAtField,
  skipBlank,
  textField,
  wholeAmount,
  wholeNumber,
} from './fields';
import type { ProductSpecification } from '#shared/types';

/**
 * Products of the catalogue: the schema the back-office product form uses and the server
 * enforces on POST /products and on updates (product rules, Entities and Validation;
 * product rules, Identity and content: whole F CFA, a comma becomes a point, references like
 * PRD-0042), and every French message of the product answers.
 *
 * Multipart sends text, JSON clients send numbers and arrays: every field accepts both.
 * An update needs name, price, category_id and description as a creation does (the product rules'
 * form always sends them); every other field left out keeps its stored value, and an
 * optional field sent empty is cleared.
 */
export const productMessages = {
  nameTooShort: 'Le nom doit contenir au moins 3 caractères',
  nameTooLong: 'Le nom ne doit pas dépasser 190 caractères',
  priceInvalid: 'Le prix doit être un nombre',
  priceTooLarge: 'Le prix est trop élevé',
  oldPriceInvalid: "L'ancien prix doit être un nombre",
  oldPriceTooLarge: "L'ancien prix est trop élevé",
  oldPriceNotHigher: "L'ancien prix doit être supérieur au prix",
  categoryRequired: 'Veuillez sélectionner une catégorie',
  categoryFilterInvalid: 'Le filtre de catégorie est invalide',
  descriptionTooShort: 'La description doit contenir au moins 10 caractères',
  descriptionTooLong: 'La description ne doit pas dépasser 5000 caractères',
  longDescriptionInvalid: 'La description détaillée doit être un texte',
  longDescriptionTooLong: 'La description détaillée ne doit pas dépasser 15000 caractères',
  stockInvalid: 'Le stock doit être un nombre',
  stockTooLarge: 'Le stock est trop élevé',
  referenceInvalid:
    'La référence ne peut contenir que des lettres, des chiffres, des points, des tirets et des barres obliques (40 caractères au maximum)',
  referenceTaken: 'Cette référence est déjà utilisée par un autre produit.',
  specificationsInvalid:
    'Chaque caractéristique doit avoir un nom (120 caractères au maximum) et une valeur (500 au maximum)',
  specificationsTooMany: 'Un produit compte au maximum 50 caractéristiques',
  featuresInvalid: 'Chaque point fort doit être un texte de 300 caractères au maximum',
  featuresTooMany: 'Un produit compte au maximum 50 points forts',
  removeGalleryInvalid: 'La liste des images à retirer est invalide',
  galleryTooMany: 'La galerie contient au maximum 6 images.',
  imageTooMany: 'Une seule image principale par produit.',
  // Product rules, Pages and routes, product detail and edit form.
  notFound: 'Produit non trouvé',
  // Product rules, Messages and errors.
  deleted: 'Le produit a bien été supprimé',
  // docs/product-rules.md, "Bulk actions": the category a move names must be on the site.
  moveCategoryGone: 'La catégorie choisie n’existe pas ou est dans la corbeille : choisissez-en une autre.',
} as const;

export const PRODUCT_NAME_MAX = 190;
export const LONG_DESCRIPTION_MAX = 15000;
export const REFERENCE_MAX = 40;
export const GALLERY_MAX = 6;
export const SPECIFICATIONS_MAX = 50;
export const FEATURES_MAX = 50;
/** products.stock is a signed INTEGER on both engines. */
export const STOCK_MAX = 2_147_483_647;

// ---------------------------------------------------------------------------------------
// Lists: specifications and features
// ---------------------------------------------------------------------------------------

/**
 * Specifications arrive as JSON text `[{"name":"Poids","value":"50 kg"}]` or as indexed
 * multipart fields `specifications[0][name]` / `specifications[0][value]` (multer turns
 * those into the same array; listValues reads every shape). A row left entirely blank is
 * dropped, a half-filled row is refused. '' clears the list; an absent field keeps it.
 */
export function parseSpecifications(
  value: unknown,
): ProductSpecification[] | undefined | typeof INVALID_LIST {
  if (value === undefined) return undefined;
  const rows: ProductSpecification[] = [];
  for (const entry of listValues(value)) {
    if (entry === null) continue;
    if (typeof entry !== 'object' || Array.isArray(entry)) return INVALID_LIST;
    const { name = '', value: text = '' } = entry as Record<string, unknown>;
    if (typeof name !== 'string' || typeof text !== 'string') return INVALID_LIST;
    const row = { name: name.trim(), value: text.trim() };
    if (row.name === '' && row.value === '') continue;
    if (row.name === '' || row.value === '' || row.name.length > 120 || row.value.length > 500)
      return INVALID_LIST;
    rows.push(row);
  }
  return rows;
}

/**
 * Features arrive as JSON text `["Résiste à l'humidité"]`, as repeated `features[]` fields,
 * or as one plain text (a single feature). Blank entries are dropped; '' clears the list.
 */
export function parseFeatures(value: unknown): string[] | undefined | typeof INVALID_LIST {
  if (value === undefined) return undefined;
  const features: string[] = [];
  for (const entry of listValues(value)) {
    if (entry === null) continue;
    if (typeof entry !== 'string' || entry.trim().length > 300) return INVALID_LIST;
    if (entry.trim() !== '') features.push(entry.trim());
  }
  return features;
}

// ---------------------------------------------------------------------------------------
// The form
// ---------------------------------------------------------------------------------------

/** The category select: a positive id, anything else reads as "none selected". */
const categoryId = z.unknown().transform((value, ctx): number => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (/^\d{1,10}$/.test(text) && Number(text) > 0) return Number(text);
  ctx.issues.push({ code: 'custom', message: productMessages.categoryRequired, input: value });
  return z.NEVER;
});

/**
 * Left empty, the server generates the next PRD-n (product rules). Upper-cased so that SQLite
 * (byte comparison) and MySQL (case-insensitive collation) agree on uniqueness.
 */
const reference = z
  .unknown()
  .transform((value, ctx): string | undefined => {
    if (value === undefined || value === null) return undefined;
    const text = typeof value === 'string' ? value.trim().toUpperCase() : null;
    if (text === '') return undefined;
    if (text !== null && text.length <= REFERENCE_MAX && /^[A-Z0-9][A-Z0-9./_-]*$/.test(text)) return text;
    ctx.issues.push({ code: 'custom', message: productMessages.referenceInvalid, input: value });
    return z.NEVER;
  })
  .optional();

/** Absent keeps, empty clears (null), otherwise a trimmed text. */
const longDescription = z
  .unknown()
  .transform((value, ctx): string | null | undefined => {
    if (value === undefined) return undefined;
    if (value === null) return null;
    if (typeof value !== 'string') {
      ctx.issues.push({ code: 'custom', message: productMessages.longDescriptionInvalid, input: value });
      return z.NEVER;
    }
    const text = value.trim();
    if (text.length > LONG_DESCRIPTION_MAX) {
      ctx.issues.push({ code: 'custom', message: productMessages.longDescriptionTooLong, input: value });
      return z.NEVER;
    }
    return text === '' ? null : text;
  })
  .optional();

/** Stored image paths to take out of the gallery (`remove_gallery[]` on an update). */
const removeGallery = z
  .unknown()
  .transform((value, ctx): string[] => {
    if (value === undefined || value === null || value === '') return [];
    const list = Array.isArray(value) ? value : [value];
    if (list.every((entry) => typeof entry === 'string'))
      return list.map((entry) => entry.trim()).filter(Boolean);
    ctx.issues.push({ code: 'custom', message: productMessages.removeGalleryInvalid, input: value });
    return z.NEVER;
  })
  .default([]);

/**
 * Field names are snake_case like product rules, API's `category_id`; the server also reads the
 * detail sample's `oldPrice` and `longDescription` (server/features/products/product-form.ts).
 */
export const productSchema = z
  .object({
    name: textField(3, PRODUCT_NAME_MAX, productMessages.nameTooShort, productMessages.nameTooLong),
    price: wholeAmount({ invalid: productMessages.priceInvalid, tooLarge: productMessages.priceTooLarge }),
    old_price: optionalWholeAmount({
      invalid: productMessages.oldPriceInvalid,
      tooLarge: productMessages.oldPriceTooLarge,
    }),
    category_id: categoryId,
    description: textField(
      10,
      DESCRIPTION_MAX,
      productMessages.descriptionTooShort,
      productMessages.descriptionTooLong,
    ),
    // Empty reads as "not given": 0 on creation (product rules, Limits and constants), unchanged on update.
    stock: optionalWholeAmount(
      { invalid: productMessages.stockInvalid, tooLarge: productMessages.stockTooLarge },
      STOCK_MAX,
    )
      .transform((value) => value ?? undefined)
      .optional(),
    reference,
    long_description: longDescription,
    specifications: listField(
      parseSpecifications,
      productMessages.specificationsInvalid,
      productMessages.specificationsTooMany,
      SPECIFICATIONS_MAX,
    ),
    features: listField(
      parseFeatures,
      productMessages.featuresInvalid,
      productMessages.featuresTooMany,
      FEATURES_MAX,
    ),
    remove_gallery: removeGallery,
    remove_image: formFlag(),
    publication: publicationField(),
    publish_at: publishAtField(),
  })
  .superRefine((value, ctx) => {
    // An old price is the price before the discount: the badge needs it higher.
    if (typeof value.old_price === 'number' && value.old_price <= value.price) {
      ctx.addIssue({ code: 'custom', path: ['old_price'], message: productMessages.oldPriceNotHigher });
    }
  });
export type ProductInput = z.infer<typeof productSchema>;

/** The discount badge: whole percent off the old price, null without a higher old price. */
export function discountPercent(price: number, oldPrice: number | null): number | null {
  if (oldPrice === null || oldPrice <= price || oldPrice <= 0) return null;
  return Math.round(((oldPrice - price) / oldPrice) * 100);
}

// ---------------------------------------------------------------------------------------
// The back office's list and its bulk actions (docs/product-rules.md, "Lists of the back
// office" and "Bulk actions")
// ---------------------------------------------------------------------------------------

/** Rows of a page of the back office's product list. */
export const PRODUCTS_ADMIN_PER_PAGE = 50;

/** `?sort=` of GET /api/admin/products: `category` is the category's name. */
export const PRODUCT_ADMIN_SORTS = [
  'name',
  'reference',
  'price',
  'stock',
  'category',
  'created_at',
  'updated_at',
] as const;

const publicationLabels = Object.keys(PUBLICATION_LABELS) as [PublicationLabel, ...PublicationLabel[]];

/**
 * GET /api/admin/products: the shared list fields, `category_id` (a category's id) and
 * `publication` (draft, scheduled or published, as the lists' state filter reads it).
 */
export const productAdminListQuerySchema = z.object({
  ...listQueryFields({
    sorts: PRODUCT_ADMIN_SORTS,
    defaultSort: '-created_at',
    perPage: PRODUCTS_ADMIN_PER_PAGE,
  }),
  category_id: z.preprocess(
    skipBlank,
    wholeNumber(productMessages.categoryFilterInvalid, 1, 2_147_483_647).optional(),
  ),
  publication: z.preprocess(
    skipBlank,
    z.enum(publicationLabels, { error: publicationMessages.filterInvalid }).optional(),
  ),
});
export type ProductAdminListQuery = z.output<typeof productAdminListQuerySchema>;

/** The list's filters and search: what 'Tout sélectionner (N)' sends as `filter`. */
export const productAdminFilterSchema = productAdminListQuerySchema.omit({
  page: true,
  per_page: true,
  sort: true,
});
export type ProductAdminFilter = z.output<typeof productAdminFilterSchema>;

export const PRODUCT_BULK_ACTIONS = ['publish', 'unpublish', 'move_category', 'delete'] as const;
export type ProductBulkAction = (typeof PRODUCT_BULK_ACTIONS)[number];

/**
 * POST /api/admin/products/bulk: publish now, back to draft, move to `category_id`, or to
 * the trash; the move needs its category.
 */
export const productBulkSchema = z
  .object({
    action: z.enum(PRODUCT_BULK_ACTIONS, { error: bulkMessages.actionInvalid }),
    ...bulkSelectionFields(productAdminFilterSchema),
    category_id: categoryId.optional(),
  })
  .superRefine((body, ctx) => {
    checkBulkSelection(body, ctx);
    if (body.action === 'move_category' && body.category_id === undefined)
      ctx.addIssue({ code: 'custom', path: ['category_id'], message: productMessages.categoryRequired });
  });
export type ProductBulkInput = z.output<typeof productBulkSchema>;
