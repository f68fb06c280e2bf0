import { z } from 'zod';
import { bulkMessages, bulkSelectionFields, checkBulkSelection } from '#shared/bulk';
import { PROJECT_CATEGORIES, PROJECT_STATUSES } from '#shared/constants';
import { listQueryFields } from '#shared/list-query';
import {
  DESCRIPTION_MAX,
  formDay,
  listValues,
  optionalText,
  publicationField,
  publicationFilterField,
  publishAtField,
  textField,
} from './fields';
import { imageMessages } from './images';

/**
 * Projects of the portfolio: the schema the back-office project form uses and the server
 * enforces (product rules, Validation), the rules of the images added or edited with
 * a project (product rules: an edit can remove or replace any image and edit descriptions), and
 * every French message of the project answers.
 *
 * Images are files, so they are not fields of these schemas: the main image is required on
 * creation ('L'image principale est obligatoire'), and each new render or project image
 * needs a description, checked with `projectImageDescription`.
 */
export const projectMessages = {
  titleTooShort: 'Le titre doit contenir au moins 3 caractères',
  mainImageTooMany: 'Une seule image principale par projet.',
  titleTooLong: 'Le titre ne doit pas dépasser 190 caractères',
  numeroTooShort: 'Le numéro du projet doit contenir au moins 3 caractères',
  numeroTooLong: 'Le numéro du projet ne doit pas dépasser 60 caractères',
  dateRequired: 'La date est requise',
  dateInvalid: 'La date est invalide (AAAA-MM-JJ ou JJ/MM/AAAA)',
  statusRequired: 'Veuillez sélectionner un statut',
  descriptionTooShort: 'La description doit contenir au moins 10 caractères',
  descriptionTooLong: `La description ne doit pas dépasser ${DESCRIPTION_MAX} caractères`,
  categoriesRequired: 'Au moins une catégorie est requise',
  categoryUnknown: `Catégorie inconnue : choisissez parmi ${PROJECT_CATEGORIES.join(', ')}`,
  longTextTooLong: 'Ce texte ne doit pas dépasser 10000 caractères',
  mainImageRequired: "L'image principale est obligatoire",
  imageDescriptionRequired: 'Une description est requise pour chaque image/rendu ajouté',
  imageDescriptionTooLong: 'Une description ne doit pas dépasser 500 caractères',
  imageIdInvalid: "Identifiant d'image invalide",
  // The back office's image rules are the offer form's (product rules, Validation and Limits and constants).
  imageTooLarge: imageMessages.tooLarge,
  imageNotAnImage: imageMessages.notAnImage,
  tooManyImages: 'Trop d’images : 20 au maximum par liste.',
  // Product rules, Pages and routes and the edit form.
  notFound: 'Projet introuvable',
  // Product rules, Messages and errors.
  deleted: 'Le projet a bien été supprimé',
} as const;

/** Column lengths (docs/data-model.md). */
const TITLE_MAX = 190;
const NUMERO_MAX = 60;
const LONG_TEXT_MAX = 10_000;
const IMAGE_DESCRIPTION_MAX = 500;
/** Renders or project images one request may add, per list. */
export const PROJECT_IMAGES_PER_LIST_MAX = 20;

/** Product rules, States: several categories may be chosen; each counts once. */
const categories = z.preprocess(
  listValues,
  z
    .array(
      z
        .string()
        .trim()
        .pipe(z.enum(PROJECT_CATEGORIES, { error: projectMessages.categoryUnknown })),
      {
        error: projectMessages.categoriesRequired,
      },
    )
    .min(1, projectMessages.categoriesRequired)
    .transform((list) => [...new Set(list)]),
);

export const projectSchema = z.object({
  title: textField(3, TITLE_MAX, projectMessages.titleTooShort, projectMessages.titleTooLong),
  numéro: textField(3, NUMERO_MAX, projectMessages.numeroTooShort, projectMessages.numeroTooLong),
  date: formDay(projectMessages.dateRequired, projectMessages.dateInvalid),
  // Required; the form starts on DEFAULT_PROJECT_STATUS (product rules, Limits and constants).
  status: z.enum(PROJECT_STATUSES, { error: projectMessages.statusRequired }),
  description: textField(
    10,
    DESCRIPTION_MAX,
    projectMessages.descriptionTooShort,
    projectMessages.descriptionTooLong,
  ),
  categories,
  long_description: optionalText(LONG_TEXT_MAX, projectMessages.longTextTooLong),
  challenges: optionalText(LONG_TEXT_MAX, projectMessages.longTextTooLong),
  materials: optionalText(LONG_TEXT_MAX, projectMessages.longTextTooLong),
  publication: publicationField(),
  publish_at: publishAtField(),
});
export type ProjectInput = z.infer<typeof projectSchema>;

/** An update changes the fields it carries; a field it sends obeys the creation rule. */
export const projectUpdateSchema = projectSchema.partial();
export type ProjectUpdate = z.infer<typeof projectUpdateSchema>;

/** The description of a render or project image, new or edited (product rules, Validation). */
export const projectImageDescription = z
  .string({ error: projectMessages.imageDescriptionRequired })
  .trim()
  .min(1, projectMessages.imageDescriptionRequired)
  .max(IMAGE_DESCRIPTION_MAX, projectMessages.imageDescriptionTooLong);

const imageId = z.coerce
  .number({ error: projectMessages.imageIdInvalid })
  .int(projectMessages.imageIdInvalid)
  .positive(projectMessages.imageIdInvalid);

/**
 * What an edit does to the images already stored (product rules): `removeImageIds` lists the
 * renders and project images to delete, `imageDescriptions` maps an image id to its new
 * description (`imageDescriptions[12]=...` in form data, an object in JSON).
 */
export const projectImageChangesSchema = z.object({
  removeImageIds: z.preprocess(listValues, z.array(imageId)).transform((ids) => [...new Set(ids)]),
  imageDescriptions: z
    .preprocess(
      (value) =>
        value && typeof value === 'object'
          ? Object.entries(value).filter(([, text]) => text !== undefined)
          : [],
      z.array(z.tuple([imageId, projectImageDescription])),
    )
    .transform((entries) => entries.map(([id, description]) => ({ id, description }))),
});
export type ProjectImageChanges = z.infer<typeof projectImageChangesSchema>;

// ---- The back office's list and its bulk actions (docs/product-rules.md, "Lists of the
// back office" and "Bulk actions").

/** Rows of a page of the back office's project list when the query names no size. */
export const PROJECTS_ADMIN_PER_PAGE = 50;

/** `?sort=` of GET /api/admin/projects. */
export const PROJECT_ADMIN_SORTS = ['title', 'numero', 'date', 'status', 'created_at'] as const;

/**
 * GET /api/admin/projects: the shared list fields (the search looks in the title and the
 * numéro) and `publication` (draft, scheduled or published).
 */
export const projectAdminListQuerySchema = z.object({
  ...listQueryFields({
    sorts: PROJECT_ADMIN_SORTS,
    defaultSort: '-created_at',
    perPage: PROJECTS_ADMIN_PER_PAGE,
  }),
  publication: publicationFilterField(),
});
export type ProjectAdminListQuery = z.output<typeof projectAdminListQuerySchema>;

/** The list's filters and search: what 'Tout sélectionner (N)' sends as `filter`. */
export const projectAdminFilterSchema = projectAdminListQuerySchema.omit({
  page: true,
  per_page: true,
  sort: true,
});
export type ProjectAdminFilter = z.output<typeof projectAdminFilterSchema>;

/** On the site now, back to draft, or to the trash. */
export const PROJECT_BULK_ACTIONS = ['publish', 'unpublish', 'delete'] as const;

/** POST /api/admin/projects/bulk. */
export const projectBulkSchema = z
  .object({
    action: z.enum(PROJECT_BULK_ACTIONS, { error: bulkMessages.actionInvalid }),
    ...bulkSelectionFields(projectAdminFilterSchema),
  })
  .superRefine(checkBulkSelection);
export type ProjectBulkInput = z.output<typeof projectBulkSchema>;
