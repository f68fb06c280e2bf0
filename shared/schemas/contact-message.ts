import { z } from 'zod';
import {
  CONTACT_EMAIL_MAX,
  CONTACT_MESSAGE_BULK_ACTIONS,
  CONTACT_MESSAGE_FILTERS,
  CONTACT_MESSAGE_LIST_SORTS,
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_MESSAGE_STATUSES,
  CONTACT_MESSAGES_PAGE_SIZE,
  CONTACT_MESSAGES_PAGE_SIZE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_NAME_MIN,
  CONTACT_PHONE_INPUT_MAX,
  CONTACT_SEARCH_MAX,
  CONTACT_SUBJECTS,
  contactMessages,
  isContactPhone,
  isContactSubject,
  normalisePhone,
  type ContactSubject,
} from '#shared/contact-message-rules';
import { assignmentMessages } from '#shared/assignment';
import { bulkMessages, bulkSelectionFields, checkBulkSelection, selectedIdsParam } from '#shared/bulk';
import { sortField } from '#shared/list-query';
import {
  assigneeFilterField,
  bulkAssigneeField,
  isBlank,
  pagingFields,
  skipBlank,
  textField,
} from './fields';

// Constants, limits and messages live in a zod-free module (the public form loads them
// without zod); this module adds the schemas and re-exports them, so imports stay one.
export * from '#shared/contact-message-rules';

/** Blank, absent or null: not given (the form sends '' for an empty field). */
const blankToNull = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value;

const email = z.preprocess(
  blankToNull,
  z
    .string({ error: contactMessages.emailInvalid })
    .trim()
    .pipe(z.email(contactMessages.emailInvalid).max(CONTACT_EMAIL_MAX, contactMessages.emailInvalid))
    .nullable(),
);

const phone = z.preprocess(
  blankToNull,
  z
    .string({ error: contactMessages.phoneInvalid })
    .trim()
    .max(CONTACT_PHONE_INPUT_MAX, contactMessages.phoneInvalid)
    .refine(isContactPhone, contactMessages.phoneInvalid)
    .transform(normalisePhone)
    .nullable(),
);

/** The code ('devis') or, from API clients, its label ('Demande de devis'); stored as the code. */
const subject = z
  .string({ error: contactMessages.subjectRequired })
  .trim()
  .min(1, contactMessages.subjectRequired)
  .transform((value, ctx): ContactSubject => {
    if (isContactSubject(value)) return value;
    const byLabel = (Object.keys(CONTACT_SUBJECTS) as ContactSubject[]).find(
      (code) => CONTACT_SUBJECTS[code].toLowerCase() === value.toLowerCase(),
    );
    if (byLabel) return byLabel;
    ctx.addIssue({ code: 'custom', message: contactMessages.subjectInvalid });
    return z.NEVER;
  });

/**
 * POST /api/contact-messages and the contact form (docs/product-rules.md, "Contact form"):
 * a full name, an e-mail and/or a phone (at least one: when both are missing the message
 * shows beside each), a subject and the message.
 */
export const contactMessageSchema = z
  .object({
    name: textField(
      CONTACT_NAME_MIN,
      CONTACT_NAME_MAX,
      contactMessages.nameTooShort,
      contactMessages.nameTooLong,
    ),
    email,
    phone,
    subject,
    // A browser's own post sends line breaks as CRLF, the island's JSON as LF: counted and
    // stored as LF, so both say the same and 5,000 characters are 5,000 wherever typed.
    message: z.preprocess(
      (value) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value),
      textField(
        CONTACT_MESSAGE_MIN,
        CONTACT_MESSAGE_MAX,
        contactMessages.messageTooShort,
        contactMessages.messageTooLong,
      ),
    ),
  })
  // Runs even when another field failed (`when`), so a refused form gets every message at once.
  .refine((value) => !(isBlank(value.email) && isBlank(value.phone)), {
    message: contactMessages.contactRequired,
    path: ['email'],
    when: () => true,
  })
  .refine((value) => !(isBlank(value.email) && isBlank(value.phone)), {
    message: contactMessages.contactRequired,
    path: ['phone'],
    when: () => true,
  });
export type ContactMessageInput = z.infer<typeof contactMessageSchema>;

/** PATCH /api/admin/contact-messages/{id}: the new status. */
export const contactMessageUpdateSchema = z.object({
  status: z
    .string({ error: contactMessages.statusRequired })
    .trim()
    .min(1, contactMessages.statusRequired)
    .pipe(z.enum(CONTACT_MESSAGE_STATUSES, { error: contactMessages.statusInvalid })),
});
export type ContactMessageUpdate = z.infer<typeof contactMessageUpdateSchema>;

/** GET /api/admin/contact-messages (and its CSV export): newest first unless `sort` says otherwise. */
export const contactMessageListQuerySchema = z.object({
  ...pagingFields(contactMessages, CONTACT_MESSAGES_PAGE_SIZE, CONTACT_MESSAGES_PAGE_SIZE_MAX),
  sort: sortField(CONTACT_MESSAGE_LIST_SORTS, '-created_at'),
  search: z.preprocess(
    skipBlank,
    z
      .string({ error: contactMessages.searchInvalid })
      .trim()
      .max(CONTACT_SEARCH_MAX, contactMessages.searchInvalid)
      .default(''),
  ),
  status: z.preprocess(
    skipBlank,
    z.enum(CONTACT_MESSAGE_FILTERS, { error: contactMessages.statusFilterInvalid }).default('all'),
  ),
  // docs/product-rules.md, "Assignment": 'me' is resolved by the route from the session.
  assignee: assigneeFilterField(),
});
export type ContactMessageListQuery = z.infer<typeof contactMessageListQuerySchema>;

/** GET /api/admin/contact-messages/export.csv: the list's query, and the rows ticked (`ids=1,2,3`). */
export const contactMessageExportQuerySchema = contactMessageListQuerySchema.extend({
  ids: selectedIdsParam(),
});
export type ContactMessageExportQuery = z.infer<typeof contactMessageExportQuerySchema>;

/** The list's filters and search: what a bulk action's `filter` designates. */
export const contactMessageListFilterSchema = contactMessageListQuerySchema.omit({
  page: true,
  per_page: true,
  sort: true,
});
export type ContactMessageListFilter = z.infer<typeof contactMessageListFilterSchema>;

/**
 * POST /api/admin/contact-messages/bulk (docs/product-rules.md, "Bulk actions"): `read`,
 * `unread`, `archive`, `assign` with `assignee_id` (a user's id, or null), `delete`.
 */
export const contactMessageBulkSchema = z
  .object({
    action: z.enum(CONTACT_MESSAGE_BULK_ACTIONS, { error: bulkMessages.actionInvalid }),
    ...bulkSelectionFields(contactMessageListFilterSchema),
    assignee_id: bulkAssigneeField(),
  })
  .superRefine((body, ctx) => {
    checkBulkSelection(body, ctx);
    if (body.action === 'assign' && body.assignee_id === undefined)
      ctx.addIssue({ code: 'custom', message: assignmentMessages.bulkUserRequired, path: ['assignee_id'] });
  });
export type ContactMessageBulk = z.infer<typeof contactMessageBulkSchema>;
