import { z } from 'zod';
import { bulkMessages, bulkSelectionFields, checkBulkSelection } from '#shared/bulk';
import { listQueryFields } from '#shared/list-query';
import { formDay, formFlag, publicationFilterField, publishAtField, textField } from './fields';

/**
 * Testimonials: the schema the back-office testimonial form uses and the server enforces
 * (docs/product-rules.md, "Testimonials"), and every French message of the testimonial
 * answers. The photo is a file, checked by its bytes on the server (shared/schemas/images.ts).
 */

/** Column lengths (docs/data-model.md) and the longest text a card shows in full. */
export const TESTIMONIAL_LIMITS = {
  clientName: { min: 3, max: 100 },
  town: { min: 2, max: 100 },
  projectType: { min: 3, max: 120 },
  text: { min: 20, max: 1000 },
} as const;

const L = TESTIMONIAL_LIMITS;

export const testimonialMessages = {
  clientNameTooShort: `Le nom du client doit contenir au moins ${L.clientName.min} caractères`,
  clientNameTooLong: `Le nom du client ne doit pas dépasser ${L.clientName.max} caractères`,
  townTooShort: `La ville doit contenir au moins ${L.town.min} caractères`,
  townTooLong: `La ville ne doit pas dépasser ${L.town.max} caractères`,
  projectTypeTooShort: `Le type de projet doit contenir au moins ${L.projectType.min} caractères`,
  projectTypeTooLong: `Le type de projet ne doit pas dépasser ${L.projectType.max} caractères`,
  textTooShort: `Le témoignage doit contenir au moins ${L.text.min} caractères`,
  textTooLong: `Le témoignage ne doit pas dépasser ${L.text.max} caractères`,
  dateRequired: 'La date du témoignage est requise',
  dateInvalid: 'La date du témoignage est invalide (AAAA-MM-JJ ou JJ/MM/AAAA)',
  photoTooMany: 'Une seule photo par témoignage.',
  publishedInvalid: 'Indiquez published : true pour publier, false pour retirer du site',
  published: 'Le témoignage paraît sur l’accueil et la page À propos.',
  unpublished: 'Le témoignage ne paraît plus sur le site.',
  notFound: 'Témoignage non trouvé',
  // The back office's toast when a save fails without the server's own words.
  saveFailed: "Une erreur s'est produite lors de l'enregistrement du témoignage.",
  deleted: 'Le témoignage a bien été supprimé',
} as const;

const M = testimonialMessages;

export const testimonialSchema = z.object({
  clientName: textField(L.clientName.min, L.clientName.max, M.clientNameTooShort, M.clientNameTooLong),
  town: textField(L.town.min, L.town.max, M.townTooShort, M.townTooLong),
  projectType: textField(L.projectType.min, L.projectType.max, M.projectTypeTooShort, M.projectTypeTooLong),
  text: textField(L.text.min, L.text.max, M.textTooShort, M.textTooLong),
  date: formDay(M.dateRequired, M.dateInvalid),
  // Unticked (or absent) keeps it off the public pages: a client's words go out only once
  // the staff say so.
  published: formFlag(),
  // The moment a published testimonial appears; its state is `published` (docs/product-rules.md,
  // "Drafts and scheduled publishing").
  publish_at: publishAtField(),
  // On an update: take the stored photo away (a new `photo` file replaces it anyway).
  remove_photo: formFlag(),
});
export type TestimonialInput = z.infer<typeof testimonialSchema>;

/** PATCH /testimonials/{id}/published: the list's quick publication, as JSON. */
export const testimonialPublicationSchema = z.object({
  published: z.boolean({ error: M.publishedInvalid }),
});

// ---- The back office's list and its bulk actions (docs/product-rules.md, "Lists of the
// back office" and "Bulk actions").

/** Rows of a page of the back office's testimonial list when the query names no size. */
export const TESTIMONIALS_ADMIN_PER_PAGE = 50;

/** `?sort=` of GET /api/admin/testimonials. */
export const TESTIMONIAL_ADMIN_SORTS = ['client_name', 'town', 'date', 'created_at'] as const;

/**
 * GET /api/admin/testimonials: the shared list fields (the search looks in the client's
 * name, the town and the project), the latest given first, and `publication` as every
 * content list reads it: 'draft' is an unpublished testimonial, 'scheduled' a published one
 * whose `publish_at` is still to come, 'published' one on the site (docs/product-rules.md,
 * "Drafts and scheduled publishing").
 */
export const testimonialAdminListQuerySchema = z.object({
  ...listQueryFields({
    sorts: TESTIMONIAL_ADMIN_SORTS,
    defaultSort: '-date',
    perPage: TESTIMONIALS_ADMIN_PER_PAGE,
  }),
  publication: publicationFilterField(),
});
export type TestimonialAdminListQuery = z.output<typeof testimonialAdminListQuerySchema>;

/** The list's filters and search: what 'Tout sélectionner (N)' sends as `filter`. */
export const testimonialAdminFilterSchema = testimonialAdminListQuerySchema.omit({
  page: true,
  per_page: true,
  sort: true,
});
export type TestimonialAdminFilter = z.output<typeof testimonialAdminFilterSchema>;

/** 'Publier' and 'Retirer du site' as the list's toggle does them, or to the trash. */
export const TESTIMONIAL_BULK_ACTIONS = ['publish', 'unpublish', 'delete'] as const;

/** POST /api/admin/testimonials/bulk. */
export const testimonialBulkSchema = z
  .object({
    action: z.enum(TESTIMONIAL_BULK_ACTIONS, { error: bulkMessages.actionInvalid }),
    ...bulkSelectionFields(testimonialAdminFilterSchema),
  })
  .superRefine(checkBulkSelection);
export type TestimonialBulkInput = z.output<typeof testimonialBulkSchema>;
