import type { BulkAnswer } from '#shared/bulk';
import type { ProjectBulkInput } from '#shared/schemas/project';
import { bulkIds } from '#server/db/bulk';
import type { Actor } from '#server/features/activity';
import { publishMany, type PublishedKind } from '#server/features/publication';
import { moveManyToTrash } from '#server/features/trash';
import type { CleanupLog } from '#server/images/admin-images';
import { projectAdminIds } from './project-admin-list';
import { projectTrash } from './project-trash';
import { projectVersion } from './project-version';
import type { ProjectServiceDeps } from './projects.service';

const PROJECTS: PublishedKind = {
  table: 'projects',
  entity: 'project',
  kind: 'project',
  label: (row) => String(row.title),
  version: projectVersion,
};

/**
 * POST /api/admin/projects/bulk (docs/product-rules.md, "Bulk actions"): the projects ticked,
 * or every project of the filtered list, published now, back to draft, or moved to the
 * trash with their images as 'Supprimer' moves one.
 */
export function projectBulk(deps: ProjectServiceDeps) {
  return async (actor: Actor, input: ProjectBulkInput, log?: CleanupLog): Promise<BulkAnswer> => {
    const now = deps.now?.() ?? new Date();
    const ids = await bulkIds(input, (filter) => projectAdminIds(deps.db, filter, now));
    if (input.action === 'delete') return moveManyToTrash(deps, actor, projectTrash, ids);
    return publishMany(deps, actor, PROJECTS, ids, input.action, log);
  };
}
