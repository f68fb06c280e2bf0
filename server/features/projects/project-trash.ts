import type { TrashKindHandler } from '#server/features/trash';
import { deleteProjectRow, projectImageRows } from './projects.repository';

/** Projects in the trash (docs/decisions/0039-trash.md): the main image and every photo. */
export const projectTrash: TrashKindHandler = {
  kind: 'project',
  table: 'projects',
  entity: 'project',
  label: (row) => String(row.title),
  async publicImages(row, trx) {
    const images = await projectImageRows(trx, row.id);
    return [
      ...(typeof row.main_image === 'string' ? [row.main_image] : []),
      ...images.map((image) => image.image),
    ];
  },
  async purgeRow(row, trx) {
    await deleteProjectRow(trx, row.id);
    return [];
  },
};
