import { z } from 'zod';
import { countOf } from '#shared/plural';
import { skipBlank } from '#shared/schemas/fields';

/**
 * Bulk actions of the back-office lists (docs/product-rules.md, "Bulk actions"): one API
 * per list, `POST /api/admin/{list}/bulk`, with `{ action, ids }` (the rows ticked) or
 * `{ action, filter, expected }` (every row of the filtered list: 'Tout sélectionner (N)'),
 * done in one transaction. The answer says how many rows changed and, per refused row,
 * why; a refused row never stops the others.
 */

/** The most ids one request names (a few pages ticked by hand). */
export const BULK_IDS_MAX = 1000;
/** The most rows a filter may select; past it the staff narrow the list first. */
export const BULK_FILTER_MAX = 5000;

export interface BulkRefusal {
  id: number;
  message: string;
}

export interface BulkAnswer {
  changed: number;
  refused: BulkRefusal[];
  /** The sentence the back office shows ('12 éléments modifiés.'). */
  message: string;
}

export const bulkMessages = {
  actionInvalid: 'Action groupée inconnue pour cette liste.',
  selectionMissing: 'Indiquez les lignes à traiter (ids) ou le filtre de la liste (filter).',
  selectionBoth: 'Indiquez soit les lignes (ids), soit le filtre (filter), pas les deux.',
  idsInvalid: 'Chaque ligne doit être désignée par un identifiant entier positif.',
  idsEmpty: 'Sélectionnez au moins une ligne.',
  idsTooMany: `Une action groupée traite au plus ${BULK_IDS_MAX} lignes désignées ; utilisez « Tout sélectionner » pour la liste filtrée.`,
  filterTooMany: `Le filtre désigne plus de ${BULK_FILTER_MAX} lignes : affinez la liste avant une action groupée.`,
  exportIdsTooMany: `Un export désigne au plus ${BULK_IDS_MAX} lignes ; sans sélection, il reprend toute la liste filtrée.`,
  expectedInvalid: 'Le nombre de lignes attendu doit être un entier positif.',
  /** The filtered list changed between the staff's choice and the action: nothing done. */
  selectionChanged: (expected: number, found: number) =>
    `La liste a changé depuis votre sélection (${countOf(found, 'ligne', 'lignes')} au lieu de ${expected}). Vérifiez-la et recommencez : rien n’a été modifié.`,
  notFound: 'Élément introuvable (déjà supprimé ?).',
  done: (changed: number, refused: number) =>
    refused === 0
      ? `${countOf(changed, 'élément modifié', 'éléments modifiés')}.`
      : `${countOf(changed, 'élément modifié', 'éléments modifiés')}, ${countOf(refused, 'refusé', 'refusés')}.`,
} as const;

const id = z
  .number({ error: bulkMessages.idsInvalid })
  .int(bulkMessages.idsInvalid)
  .positive(bulkMessages.idsInvalid);

/**
 * The selection fields of a list's bulk request body: `filter` is the list query's filters
 * (its search included, without paging and sort). A list's schema is
 * `z.object({ action: z.enum([...], { error: bulkMessages.actionInvalid }), ...bulkSelectionFields(filter), <its extra fields> }).superRefine(checkBulkSelection)`.
 */
export function bulkSelectionFields<F extends z.ZodType>(filter: F) {
  return {
    ids: z
      .array(id, { error: bulkMessages.idsInvalid })
      .max(BULK_IDS_MAX, bulkMessages.idsTooMany)
      .optional(),
    filter: filter.optional(),
    expected: z
      .number({ error: bulkMessages.expectedInvalid })
      .int(bulkMessages.expectedInvalid)
      .nonnegative(bulkMessages.expectedInvalid)
      .optional(),
  };
}

/**
 * `?ids=1,2,3` of a list's CSV export: the rows ticked ('Exporter la sélection (CSV)'), at
 * most BULK_IDS_MAX; absent or blank, the export is the whole filtered list.
 */
export function selectedIdsParam() {
  return z.preprocess(
    skipBlank,
    z
      .string({ error: bulkMessages.idsInvalid })
      .optional()
      .transform((value, ctx): number[] | undefined => {
        if (value === undefined) return undefined;
        const parts = value.split(',').map((part) => part.trim());
        if (parts.length > BULK_IDS_MAX) {
          ctx.addIssue({ code: 'custom', message: bulkMessages.exportIdsTooMany });
          return z.NEVER;
        }
        const ids = parts.map((part) => (/^\d{1,10}$/.test(part) ? Number(part) : 0));
        if (ids.some((n) => n < 1 || n > 2 ** 31 - 1)) {
          ctx.addIssue({ code: 'custom', message: bulkMessages.idsInvalid });
          return z.NEVER;
        }
        return [...new Set(ids)];
      }),
  );
}

/** Exactly one of `ids` (not empty) and `filter`. */
export function checkBulkSelection(
  body: { ids?: number[] | undefined; filter?: unknown },
  ctx: z.RefinementCtx,
): void {
  if (body.ids === undefined && body.filter === undefined)
    ctx.addIssue({ code: 'custom', message: bulkMessages.selectionMissing, path: ['ids'] });
  else if (body.ids !== undefined && body.filter !== undefined)
    ctx.addIssue({ code: 'custom', message: bulkMessages.selectionBoth, path: ['ids'] });
  else if (body.ids !== undefined && body.ids.length === 0)
    ctx.addIssue({ code: 'custom', message: bulkMessages.idsEmpty, path: ['ids'] });
}

/** What the back office sends: the ticked rows, or the whole filtered list it showed as N rows. */
export type BulkSelection<F> = { ids: number[] } | { filter: F; expected: number };
