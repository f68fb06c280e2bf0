import { fromDbDate, toNumber } from '#server/db/dialect';
import type { Knex } from 'knex';
import type { TrashKindHandler, TrashRow } from '#server/features/trash';
import { photoKeys } from '#server/images/private-photo';
import { sitePrefix } from '#server/storage/keys';
import { deleteSiteUpdateRows } from './site-updates.repository';

/** The reference of the update's request, which may itself be in the trash. */
async function requestReference(row: TrashRow, trx: Knex | Knex.Transaction): Promise<string> {
  const request: { reference: string | null } | undefined = await trx('project_submissions')
    .where({ id: row.submission_id as number })
    .first('reference');
  return request?.reference ?? '';
}

/**
 * Site updates in the trash (docs/product-rules.md, "Trash"). Their photos are private:
 * they stay in place, and the photo routes answer 404 because they read only live updates.
 */
export const siteUpdateTrash: TrashKindHandler = {
  kind: 'site_update',
  table: 'site_updates',
  entity: 'site_update',
  async label(row, trx) {
    const date = fromDbDate(row.date as string | Date | null) ?? '';
    return [await requestReference(row, trx), date, row.phase].filter(Boolean).map(String).join(' — ');
  },
  // The activity log names a site update by its request's reference, as its other rows do.
  logLabel: (row, trx) => requestReference(row, trx),
  publicImages: async () => [],
  async purgeRow(row, trx) {
    const submissionId = toNumber(row.submission_id as number | string);
    const photos: { name: string }[] = await trx('site_update_photos')
      .where({ update_id: row.id })
      .select('name');
    await deleteSiteUpdateRows(trx, row.id);
    return photos.flatMap((photo) => photoKeys(sitePrefix(submissionId), photo.name));
  },
};
