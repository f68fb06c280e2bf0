import { z } from 'zod';
import { SITE_PHASES, SITE_UPDATE_PHOTOS_MAX, type SitePhase } from '#shared/site-phases';
import { listQueryFields } from '#shared/list-query';
import { DESCRIPTION_MAX, formDay, formFlag, isBlank, listValues, textField } from './fields';

/**
 * A site update as the back-office form sends it and the server checks it (docs/product-rules.md,
 * "Site updates"), and every French message of the site-update answers.
 */
export const siteUpdateMessages = {
  dateRequired: 'La date est requise',
  dateInvalid: 'La date est invalide (AAAA-MM-JJ ou JJ/MM/AAAA)',
  phaseRequired: 'La phase est requise',
  phaseInvalid: `Phase invalide : choisissez parmi ${SITE_PHASES.map((p) => p.label).join(', ')}`,
  progressInvalid: "L'avancement doit être un nombre entier entre 0 et 100",
  textTooShort: 'Le texte doit contenir au moins 10 caractères',
  textTooLong: `Le texte ne doit pas dépasser ${DESCRIPTION_MAX} caractères`,
  tooManyPhotos: `Vous pouvez joindre au maximum ${SITE_UPDATE_PHOTOS_MAX} photos par mise à jour.`,
  photoIdInvalid: 'Photo à retirer invalide.',
  clientIdInvalid: 'Identifiant d’envoi invalide (un UUID attendu).',
  clientIdTaken: 'Cet identifiant d’envoi appartient déjà à une autre mise à jour.',
  notApproved:
    'Les mises à jour de chantier ne sont possibles que pour une demande approuvée. Passez d’abord la demande au statut « Approuvé ».',
  submissionNotFound: 'Demande introuvable',
  notFound: 'Mise à jour de chantier introuvable',
  created: 'Mise à jour de chantier enregistrée',
  updated: 'Mise à jour de chantier modifiée',
  deleted: 'La mise à jour de chantier a bien été supprimée',
} as const;

const phase = z.unknown().transform((value, ctx): SitePhase => {
  if (isBlank(value)) {
    ctx.addIssue({ code: 'custom', message: siteUpdateMessages.phaseRequired });
    return z.NEVER;
  }
  const text = typeof value === 'string' ? value.trim() : '';
  // The code, or its label (a client that sends what it shows).
  const found = SITE_PHASES.find((p) => p.code === text || p.label === text);
  if (!found) {
    ctx.addIssue({ code: 'custom', message: siteUpdateMessages.phaseInvalid });
    return z.NEVER;
  }
  return found.code;
});

/** 0 to 100, whole: a form sends text, a JSON client a number; '45 %' is read as 45. */
const progress = z.unknown().transform((value, ctx): number => {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const digits = text.replace(/\s*%$/, '');
  const number = /^\d{1,3}$/.test(digits) ? Number(digits) : Number.NaN;
  if (!(number >= 0 && number <= 100)) {
    ctx.addIssue({ code: 'custom', message: siteUpdateMessages.progressInvalid });
    return z.NEVER;
  }
  return number;
});

const photoId = z.coerce
  .number({ error: siteUpdateMessages.photoIdInvalid })
  .int(siteUpdateMessages.photoIdInvalid)
  .positive(siteUpdateMessages.photoIdInvalid);

export const siteUpdateSchema = z.object({
  date: formDay(siteUpdateMessages.dateRequired, siteUpdateMessages.dateInvalid),
  phase,
  progress,
  text: textField(10, DESCRIPTION_MAX, siteUpdateMessages.textTooShort, siteUpdateMessages.textTooLong),
  published: formFlag(),
});
export type SiteUpdateInput = z.output<typeof siteUpdateSchema>;

/**
 * A new update may carry `client_id`, the id the phone gave it when it queued it offline
 * (crypto.randomUUID): sent again, the same id answers the update already stored, never a
 * second one (docs/decisions/0046-site-updates-offline.md).
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const siteUpdateCreateSchema = siteUpdateSchema.extend({
  client_id: z
    .unknown()
    .optional()
    .transform((value, ctx): string | null => {
      if (isBlank(value)) return null;
      const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
      if (!UUID.test(text)) {
        ctx.addIssue({ code: 'custom', message: siteUpdateMessages.clientIdInvalid });
        return z.NEVER;
      }
      return text;
    }),
});

/**
 * An edit sends the whole form again, plus `removePhotoIds` (`removePhotoIds[]` in form
 * data): the ids of this update's photos to delete. Photos not named stay; new files in
 * `photos[]` are added after them.
 */
export const siteUpdateEditSchema = siteUpdateSchema.extend({
  removePhotoIds: z.preprocess(listValues, z.array(photoId)).transform((ids) => [...new Set(ids)]),
});
export type SiteUpdateEdit = z.output<typeof siteUpdateEditSchema>;

/**
 * GET /api/admin/site-updates, the 'Chantiers' list (docs/product-rules.md, "Site updates" and
 * "Lists of the back office"): the sites with the latest news first unless another sort is
 * asked; `client` is the client's name, `last_update` the date of the latest update,
 * `progress` the latest update's. Searched in the reference, the client's name, the location
 * and the project's title.
 */
export const SITES_PAGE_SIZE = 50;
export const SITE_SORTS = ['reference', 'client', 'last_update', 'progress'] as const;
export type SiteSort = (typeof SITE_SORTS)[number];
export const siteListQuerySchema = z.object({
  ...listQueryFields({ sorts: SITE_SORTS, defaultSort: '-last_update', perPage: SITES_PAGE_SIZE }),
});
export type SiteListQuery = z.infer<typeof siteListQuerySchema>;
