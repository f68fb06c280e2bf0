import { z } from 'zod';
import {
  BUDGETS,
  CONTACT_METHODS,
  EMAIL_MAX,
  NOTES_MAX,
  PERSON_NAME_MAX,
  PHONE_MAX,
  PROJECT_TYPES,
  SEARCH_MAX,
  SUBMISSIONS_PAGE_SIZE,
  SUBMISSIONS_PAGE_SIZE_MAX,
  SUBMISSION_LIST_SORTS,
  SUBMISSION_SORT_KEYS,
  SUBMISSION_STATUSES,
  TEXT_MAX,
  type SubmissionListSort,
  submissionMessages,
} from '#shared/submission-rules';
import { CLIENT_MESSAGE_MAX, trackingMessages } from '#shared/tracking-rules';
import { assignmentMessages } from '#shared/assignment';
import { bulkMessages, bulkSelectionFields, checkBulkSelection, selectedIdsParam } from '#shared/bulk';
import { optionalSortField, type ListSort } from '#shared/list-query';
import {
  DESCRIPTION_MAX,
  assigneeFilterField,
  bulkAssigneeField,
  optionalText,
  pagingFields,
  parseFormDate,
  skipBlank,
  textField,
} from './fields';

// Constants, limits and messages live in a zod-free module (the public form loads them
// without zod); this module adds the schemas and re-exports them, so imports stay one.
export * from '#shared/submission-rules';

/** A choice among fixed options: blank reads as missing, anything else must be listed. */
function choice<const T extends readonly [string, ...string[]]>(
  options: T,
  required: string,
  invalid: string,
) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .pipe(z.enum(options, { error: invalid }));
}

/** Digits with the usual separators; 8 to 15 digits (E.164 at most), the country code optional. */
const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
const phone = z
  .string({ error: submissionMessages.phoneRequired })
  .trim()
  .min(1, submissionMessages.phoneRequired)
  .max(PHONE_MAX, submissionMessages.phoneTooLong)
  .refine((value) => {
    const digits = value.replace(/\D/g, '').length;
    return PHONE_PATTERN.test(value) && digits >= 8 && digits <= 15;
  }, submissionMessages.phoneInvalid);

/**
 * Optional: '' or absent gives null; otherwise a real day, as 'YYYY-MM-DD'. (`.optional()`
 * before the transform: zod 4 refuses an absent key whose schema may not output undefined.)
 */
const startDate = z
  .unknown()
  .optional()
  .transform((value, ctx): string | null => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
      return null;
    const day = typeof value === 'string' ? parseFormDate(value) : null;
    if (day === null) {
      ctx.addIssue({ code: 'custom', message: submissionMessages.startDateInvalid });
      return z.NEVER;
    }
    return day;
  });

/**
 * The public form's text fields (product rules, Entities payload). Files are
 * not fields: they are checked with attachmentLimitProblem and, on the server, by content.
 */
export const submissionSchema = z.object({
  firstName: textField(
    1,
    PERSON_NAME_MAX,
    submissionMessages.firstNameRequired,
    submissionMessages.firstNameTooLong,
  ),
  lastName: textField(
    1,
    PERSON_NAME_MAX,
    submissionMessages.lastNameRequired,
    submissionMessages.lastNameTooLong,
  ),
  email: z
    .string({ error: submissionMessages.emailRequired })
    .trim()
    .min(1, submissionMessages.emailRequired)
    .pipe(z.email(submissionMessages.emailInvalid).max(EMAIL_MAX, submissionMessages.emailInvalid)),
  phone,
  company: optionalText(TEXT_MAX, submissionMessages.companyTooLong),
  projectTitle: textField(
    1,
    TEXT_MAX,
    submissionMessages.projectTitleRequired,
    submissionMessages.projectTitleTooLong,
  ),
  projectType: choice(
    PROJECT_TYPES,
    submissionMessages.projectTypeRequired,
    submissionMessages.projectTypeInvalid,
  ),
  location: textField(1, TEXT_MAX, submissionMessages.locationRequired, submissionMessages.locationTooLong),
  startDate,
  budget: choice(BUDGETS, submissionMessages.budgetRequired, submissionMessages.budgetInvalid),
  description: textField(
    1,
    DESCRIPTION_MAX,
    submissionMessages.descriptionRequired,
    submissionMessages.descriptionTooLong,
  ),
});
export type SubmissionInput = z.infer<typeof submissionSchema>;

/**
 * PATCH /admin/project-submissions/{id}/status (product rules, States and API): any of the five
 * statuses, free notes, a contact method or '' (none). Notes and contact method left out
 * are kept; '' or null clears them.
 */
export const submissionStatusUpdateSchema = z.object({
  status: z
    .string({ error: submissionMessages.statusRequired })
    .trim()
    .min(1, submissionMessages.statusRequired)
    .pipe(z.enum(SUBMISSION_STATUSES, { error: submissionMessages.statusInvalid })),
  admin_notes: z
    .string({ error: submissionMessages.adminNotesInvalid })
    .max(NOTES_MAX, submissionMessages.adminNotesTooLong)
    .nullish()
    .transform((value) => (value === undefined ? undefined : value?.trim() ? value.trim() : null)),
  contact_method: z
    .union([z.enum(CONTACT_METHODS), z.literal(''), z.null()], {
      error: submissionMessages.contactMethodInvalid,
    })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === '' ? null : value)),
  // Shown on the client's tracking page and e-mailed (docs/product-rules.md, "Status history").
  client_message: z
    .string({ error: trackingMessages.clientMessageInvalid })
    .max(CLIENT_MESSAGE_MAX, trackingMessages.clientMessageTooLong)
    .nullish()
    .transform((value) => (value?.trim() ? value.trim() : null)),
});
export type SubmissionStatusUpdate = z.infer<typeof submissionStatusUpdateSchema>;

/**
 * GET /admin/project-submissions query (product rules, API: "empty values skipped"; default
 * sort created_at desc, product rules, Limits and constants).
 */
export const submissionListQuerySchema = z.object({
  ...pagingFields(submissionMessages, SUBMISSIONS_PAGE_SIZE, SUBMISSIONS_PAGE_SIZE_MAX),
  search: z.preprocess(
    skipBlank,
    z
      .string({ error: submissionMessages.searchInvalid })
      .trim()
      .max(SEARCH_MAX, submissionMessages.searchInvalid)
      .default(''),
  ),
  status: z.preprocess(
    skipBlank,
    z.enum(['all', ...SUBMISSION_STATUSES], { error: submissionMessages.statusFilterInvalid }).default('all'),
  ),
  // docs/product-rules.md, "Assignment": 'me' is resolved by the route from the session.
  assignee: assigneeFilterField(),
  // docs/product-rules.md, "Lists of the back office": `sort=-created_at`; when absent,
  // `sort_by` and `sort_order`, which API clients already send (submissionSortOf).
  sort: optionalSortField(SUBMISSION_LIST_SORTS),
  sort_by: z.preprocess(
    skipBlank,
    z.enum(SUBMISSION_SORT_KEYS, { error: submissionMessages.sortByInvalid }).default('created_at'),
  ),
  sort_order: z.preprocess(
    (value) => (typeof value === 'string' ? skipBlank(value.toLowerCase()) : value),
    z.enum(['asc', 'desc'], { error: submissionMessages.sortOrderInvalid }).default('desc'),
  ),
});
export type SubmissionListQuery = z.infer<typeof submissionListQuerySchema>;

/** The order a list query asks for: its `sort`, else its `sort_by` and `sort_order`. */
export function submissionSortOf(
  query: Pick<SubmissionListQuery, 'sort' | 'sort_by' | 'sort_order'>,
): ListSort<SubmissionListSort> {
  return query.sort ?? { key: query.sort_by, order: query.sort_order };
}

/** GET /admin/project-submissions/export.csv: the list's query, and the rows ticked (`ids=1,2,3`). */
export const submissionExportQuerySchema = submissionListQuerySchema.extend({ ids: selectedIdsParam() });
export type SubmissionExportQuery = z.infer<typeof submissionExportQuerySchema>;

/** The list's filters and search: what a bulk action's `filter` designates. */
export const submissionListFilterSchema = submissionListQuerySchema.omit({
  page: true,
  per_page: true,
  sort: true,
  sort_by: true,
  sort_order: true,
});
export type SubmissionListFilter = z.infer<typeof submissionListFilterSchema>;

export const SUBMISSION_BULK_ACTIONS = ['status', 'assign', 'delete'] as const;
export type SubmissionBulkAction = (typeof SUBMISSION_BULK_ACTIONS)[number];

/**
 * POST /admin/project-submissions/bulk (docs/product-rules.md, "Bulk actions"): `status`
 * with `status`, `assign` with `assignee_id` (a user's id, or null to take them back), or
 * `delete` (to the trash).
 */
export const submissionBulkSchema = z
  .object({
    action: z.enum(SUBMISSION_BULK_ACTIONS, { error: bulkMessages.actionInvalid }),
    ...bulkSelectionFields(submissionListFilterSchema),
    status: z.enum(SUBMISSION_STATUSES, { error: submissionMessages.statusInvalid }).optional(),
    assignee_id: bulkAssigneeField(),
  })
  .superRefine((body, ctx) => {
    checkBulkSelection(body, ctx);
    if (body.action === 'status' && body.status === undefined)
      ctx.addIssue({ code: 'custom', message: submissionMessages.statusRequired, path: ['status'] });
    if (body.action === 'assign' && body.assignee_id === undefined)
      ctx.addIssue({ code: 'custom', message: assignmentMessages.bulkUserRequired, path: ['assignee_id'] });
  });
export type SubmissionBulk = z.infer<typeof submissionBulkSchema>;
