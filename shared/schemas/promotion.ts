import { z } from 'zod';
import { bulkMessages, bulkSelectionFields, checkBulkSelection } from '#shared/bulk';
import { listQueryFields } from '#shared/list-query';
import {
  amountParts,
  DESCRIPTION_MAX,
  formDay,
  formFlag,
  publicationField,
  publicationFilterField,
  publishAtField,
  textField,
} from './fields';

/**
 * Promotions: the schema the back-office promotion form uses and the server enforces
 * (product rules, Validation), and every French message of the promotion answers.
 * The image is a file, checked by its bytes on the server (shared/schemas/images.ts).
 */
export const promotionMessages = {
  titleTooShort: 'Le titre doit contenir au moins 3 caractères',
  titleTooLong: 'Le titre ne doit pas dépasser 190 caractères',
  discountInvalid: 'La remise doit être un nombre',
  discountTooLong: 'La remise ne doit pas dépasser 20 caractères',
  discountOverHundred: 'Une remise en pourcentage ne peut pas dépasser 100%',
  startDateRequired: 'La date de début est requise',
  startDateInvalid: 'La date de début est invalide (AAAA-MM-JJ ou JJ/MM/AAAA)',
  endDateRequired: 'La date de fin est requise',
  endDateInvalid: 'La date de fin est invalide (AAAA-MM-JJ ou JJ/MM/AAAA)',
  endBeforeStart: 'La date de fin doit être postérieure ou égale à la date de début',
  descriptionTooShort: 'La description doit contenir au moins 10 caractères',
  descriptionTooLong: `La description ne doit pas dépasser ${DESCRIPTION_MAX} caractères`,
  imageTooMany: 'Une seule image par promotion.',
  codeInvalid: 'Le code promo contient de 3 à 30 lettres sans accents, chiffres ou tirets (ex. RENTREE-2026)',
  // Product rules, Pages and routes, promotion form.
  notFound: 'Promotion non trouvée',
  // Product rules, Messages and errors.
  deleted: 'La promotion a bien été supprimée',
} as const;

/**
 * The optional promotion code: what a visitor types or says, so letters without accents,
 * digits and hyphens only, stored in capitals ('rentree-2026' becomes 'RENTREE-2026');
 * empty means none.
 */
const code = z
  .unknown()
  .transform((value, ctx): string | null => {
    const text = typeof value === 'string' ? value.trim().toUpperCase() : '';
    if (text === '') return null;
    if (!/^[A-Z0-9](?:[A-Z0-9-]{1,28})[A-Z0-9]$/.test(text)) {
      ctx.issues.push({ code: 'custom', message: promotionMessages.codeInvalid, input: value });
      return z.NEVER;
    }
    return text;
  })
  // A form or client that never sends the field means no code.
  .default(null);

/** Column lengths (docs/data-model.md). */
const TITLE_MAX = 190;
const DISCOUNT_MAX = 20;

/**
 * The discount is free text shown as a badge ('10%', '-15 %', '5000'), kept as typed; it
 * must be a number once the '%' sign is removed (product rules, Validation), a leading minus allowed
 * because badges often read '-20%'. A percentage cannot exceed 100.
 */
const discount = z.unknown().transform((value, ctx): string => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const percent = text.includes('%');
  const parts = amountParts(text.replace('%', '').replace(/^[-−]/, ''));
  if (text === '' || parts === null) {
    ctx.issues.push({ code: 'custom', message: promotionMessages.discountInvalid, input: value });
    return z.NEVER;
  }
  if (text.length > DISCOUNT_MAX) {
    ctx.issues.push({ code: 'custom', message: promotionMessages.discountTooLong, input: value });
    return z.NEVER;
  }
  if (percent && Number(`${parts.integer}.${parts.fraction || '0'}`) > 100) {
    ctx.issues.push({ code: 'custom', message: promotionMessages.discountOverHundred, input: value });
    return z.NEVER;
  }
  return text;
});

export const promotionSchema = z
  .object({
    title: textField(3, TITLE_MAX, promotionMessages.titleTooShort, promotionMessages.titleTooLong),
    discount,
    code,
    startDate: formDay(promotionMessages.startDateRequired, promotionMessages.startDateInvalid),
    endDate: formDay(promotionMessages.endDateRequired, promotionMessages.endDateInvalid),
    description: textField(
      10,
      DESCRIPTION_MAX,
      promotionMessages.descriptionTooShort,
      promotionMessages.descriptionTooLong,
    ),
    // On an update: take the stored image away (a new `image` file replaces it anyway).
    remove_image: formFlag(),
    publication: publicationField(),
    publish_at: publishAtField(),
  })
  .superRefine((value, ctx) => {
    // 'YYYY-MM-DD' strings compare in calendar order.
    if (
      typeof value.startDate === 'string' &&
      typeof value.endDate === 'string' &&
      value.endDate < value.startDate
    ) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: promotionMessages.endBeforeStart });
    }
  });
export type PromotionInput = z.infer<typeof promotionSchema>;

// ---- The back office's list and its bulk actions (docs/product-rules.md, "Lists of the
// back office" and "Bulk actions").

/** Rows of a page of the back office's promotion list when the query names no size. */
export const PROMOTIONS_ADMIN_PER_PAGE = 50;

/** `?sort=` of GET /api/admin/promotions. */
export const PROMOTION_ADMIN_SORTS = ['title', 'start_date', 'end_date', 'created_at'] as const;

/**
 * GET /api/admin/promotions: the shared list fields (the search looks in the title and the
 * code) and `publication` (draft, scheduled or published). Ended promotions are listed too.
 */
export const promotionAdminListQuerySchema = z.object({
  ...listQueryFields({
    sorts: PROMOTION_ADMIN_SORTS,
    defaultSort: '-created_at',
    perPage: PROMOTIONS_ADMIN_PER_PAGE,
  }),
  publication: publicationFilterField(),
});
export type PromotionAdminListQuery = z.output<typeof promotionAdminListQuerySchema>;

/** The list's filters and search: what 'Tout sélectionner (N)' sends as `filter`. */
export const promotionAdminFilterSchema = promotionAdminListQuerySchema.omit({
  page: true,
  per_page: true,
  sort: true,
});
export type PromotionAdminFilter = z.output<typeof promotionAdminFilterSchema>;

/** On the site now, back to draft, or to the trash. */
export const PROMOTION_BULK_ACTIONS = ['publish', 'unpublish', 'delete'] as const;

/** POST /api/admin/promotions/bulk. */
export const promotionBulkSchema = z
  .object({
    action: z.enum(PROMOTION_BULK_ACTIONS, { error: bulkMessages.actionInvalid }),
    ...bulkSelectionFields(promotionAdminFilterSchema),
  })
  .superRefine(checkBulkSelection);
export type PromotionBulkInput = z.output<typeof promotionBulkSchema>;
