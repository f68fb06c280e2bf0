import { toNumber } from '#server/db/dialect';
import type { TrashKindHandler } from '#server/features/trash';
import { photoKeys } from '#server/images/private-photo';
import { sitePrefix, submissionPrefix } from '#server/storage/keys';
import { deleteSubmissionRows } from './submissions.repository';

/**
 * Project requests in the trash (docs/product-rules.md, "Trash"). Their files are private:
 * they stay where they are while the request is trashed, and the routes that serve them
 * (attachments, zip, site photos) answer 404 because they read only live requests. Its site
 * updates are hidden with it (every read goes through the request) and come back with it.
 */
export const submissionTrash: TrashKindHandler = {
  kind: 'submission',
  table: 'project_submissions',
  entity: 'submission',
  label: (row) =>
    [row.reference, `${String(row.first_name ?? '')} ${String(row.last_name ?? '')}`.trim()]
      .filter(Boolean)
      .join(' — '),
  // The log keeps the reference alone: the client's name goes with the request.
  logLabel: (row) => String(row.reference ?? ''),
  publicImages: async () => [],
  /** The rows (attachments, history, site updates and their photos) and the keys of their files. */
  async purgeRow(row, trx) {
    const id = row.id;
    const attachments: { stored_name: string }[] = await trx('submission_attachments')
      .where({ submission_id: id })
      .select('stored_name');
    const updateIds = (await trx('site_updates').where({ submission_id: id }).pluck('id')).map((value) =>
      toNumber(value as number | string),
    );
    const photos: { name: string }[] =
      updateIds.length === 0
        ? []
        : await trx('site_update_photos').whereIn('update_id', updateIds).select('name');
    // An update trashed on its own goes with its request: its trash entry would point at nothing.
    if (updateIds.length > 0)
      await trx('trash').where({ kind: 'site_update' }).whereIn('entity_id', updateIds).delete();
    await deleteSubmissionRows(trx, id);
    return [
      ...attachments.map((attachment) => `${submissionPrefix(id)}${attachment.stored_name}`),
      ...photos.flatMap((photo) => photoKeys(sitePrefix(id), photo.name)),
    ];
  },
};
