import { z } from 'zod';
import { ACTIVITY_ACTIONS, ACTIVITY_ENTITIES } from '../activity';
import { listQueryFields } from '../list-query';
import { parseFormDate, skipBlank, wholeNumber } from './fields';

/**
 * GET /api/admin/activity and its CSV export (docs/product-rules.md, "Activity log" and
 * "Lists of the back office"): by date only, newest first unless asked oldest first.
 */
export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_SORTS = ['created_at'] as const;
export type ActivitySort = (typeof ACTIVITY_SORTS)[number];

export const activityMessages = {
  userInvalid: "L'utilisateur choisi est invalide.",
  entityInvalid: "Le type d'élément choisi est invalide.",
  actionInvalid: "L'action choisie est invalide.",
  fromInvalid: 'La date de début est invalide (jj/mm/aaaa).',
  toInvalid: 'La date de fin est invalide (jj/mm/aaaa).',
  rangeInvalid: 'La date de fin doit suivre la date de début.',
} as const;

const actionKeys = Object.keys(ACTIVITY_ACTIONS) as [
  keyof typeof ACTIVITY_ACTIONS,
  ...(keyof typeof ACTIVITY_ACTIONS)[],
];
const entityKeys = Object.keys(ACTIVITY_ENTITIES) as [
  keyof typeof ACTIVITY_ENTITIES,
  ...(keyof typeof ACTIVITY_ENTITIES)[],
];

/** An optional day, 'YYYY-MM-DD' or dd/mm/yyyy, answered as 'YYYY-MM-DD'. */
function optionalDay(message: string) {
  return z.preprocess(
    skipBlank,
    z
      .string({ error: message })
      .transform((value, ctx) => {
        const day = parseFormDate(value);
        if (day === null) {
          ctx.addIssue({ code: 'custom', message });
          return z.NEVER;
        }
        return day;
      })
      .optional(),
  );
}

export const activityListQuerySchema = z
  .object({
    ...listQueryFields({ sorts: ACTIVITY_SORTS, defaultSort: '-created_at', perPage: ACTIVITY_PAGE_SIZE }),
    user_id: z.preprocess(skipBlank, wholeNumber(activityMessages.userInvalid, 1, 2_147_483_647).optional()),
    entity: z.preprocess(skipBlank, z.enum(entityKeys, { error: activityMessages.entityInvalid }).optional()),
    action: z.preprocess(skipBlank, z.enum(actionKeys, { error: activityMessages.actionInvalid }).optional()),
    from: optionalDay(activityMessages.fromInvalid),
    to: optionalDay(activityMessages.toInvalid),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: activityMessages.rangeInvalid,
    path: ['to'],
  });
export type ActivityListQuery = z.infer<typeof activityListQuerySchema>;
