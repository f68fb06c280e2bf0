import { z } from 'zod';
import { bulkMessages, bulkSelectionFields, checkBulkSelection } from '#shared/bulk';
import { listQueryFields } from '#shared/list-query';
import { DESCRIPTION_MAX, textField } from './fields';

/**
 * Categories of the catalogue: the schema the back-office category form uses and the
 * server enforces (product rules, Validation: same messages as the product form),
 * and every French message of the category answers.
 */
export const categoryMessages = {
  nameTooShort: 'Le nom doit contenir au moins 3 caractères',
  nameTooLong: 'Le nom ne doit pas dépasser 120 caractères',
  nameTaken: 'Une catégorie porte déjà ce nom.',
  descriptionTooShort: 'La description doit contenir au moins 10 caractères',
  descriptionTooLong: 'La description ne doit pas dépasser 5000 caractères',
  // Product rules, Pages and routes, category form.
  notFound: 'Catégorie non trouvée',
  // Product rules, Corrections of the original.
  notEmpty: 'Impossible de supprimer une catégorie qui contient des produits.',
  // Product rules, Messages and errors.
  deleted: 'La catégorie a bien été supprimée',
} as const;

/** categories.name is VARCHAR(120) (docs/data-model.md): MySQL refuses an overflow. */
export const CATEGORY_NAME_MAX = 120;
export const categorySchema = z.object({
  name: textField(3, CATEGORY_NAME_MAX, categoryMessages.nameTooShort, categoryMessages.nameTooLong),
  description: textField(
    10,
    DESCRIPTION_MAX,
    categoryMessages.descriptionTooShort,
    categoryMessages.descriptionTooLong,
  ),
});
export type CategoryInput = z.infer<typeof categorySchema>;

/** Rows of a page of the back office's category list. */
export const CATEGORIES_ADMIN_PER_PAGE = 50;

export const CATEGORY_ADMIN_SORTS = ['name', 'products_count', 'created_at'] as const;

/**
 * GET /api/admin/categories (docs/product-rules.md, "Lists of the back office"): searched
 * on the name and the description, alphabetical by default.
 */
export const categoryAdminListQuerySchema = z.object({
  ...listQueryFields({
    sorts: CATEGORY_ADMIN_SORTS,
    defaultSort: 'name',
    perPage: CATEGORIES_ADMIN_PER_PAGE,
  }),
});
export type CategoryAdminListQuery = z.output<typeof categoryAdminListQuerySchema>;

export const categoryAdminFilterSchema = categoryAdminListQuerySchema.omit({
  page: true,
  per_page: true,
  sort: true,
});
export type CategoryAdminFilter = z.output<typeof categoryAdminFilterSchema>;

/** POST /api/admin/categories/bulk: to the trash only (docs/product-rules.md, "Bulk actions"). */
export const categoryBulkSchema = z
  .object({
    action: z.enum(['delete'], { error: bulkMessages.actionInvalid }),
    ...bulkSelectionFields(categoryAdminFilterSchema),
  })
  .superRefine(checkBulkSelection);
export type CategoryBulkInput = z.output<typeof categoryBulkSchema>;
