import { Router } from 'express';
import { REVISION_MESSAGES, revisionChanges, type RevisionEntry } from '#shared/revision-changes';
import { isRevisionKind, type RevisionKind } from '#shared/revisions';
import { fromDbDateTime } from '#server/db/dialect';
import { NotFoundError, ValidationError } from '#server/errors';
import type { AuthDeps } from '#server/features/auth';
import { actorOf } from '#server/http/actor';
import { idParam } from '#server/http/id-param';
import { noStore } from '#server/http/no-store';
import { requireAccess } from '#server/http/require-auth';
import { storageFor } from '#server/storage/storage-for';
import { imagesStored } from './missing-images';
import { revisionData, type RevisionRow } from './record-revision';
import type { RevisionKindHandler } from './revision-kind';

/**
 * The versions of an item (docs/product-rules.md, "Revisions"): read by whoever reads the
 * catalogue as the staff do, restored by whoever writes it. The kinds come from
 * server/features/revision-kinds, so this router imports no catalogue feature.
 */
export function revisionsRoutes(deps: AuthDeps & { kinds: readonly RevisionKindHandler[] }): Router {
  const router = Router();
  const { db } = deps;
  const layout = storageFor(deps.config);
  const handlers = new Map<RevisionKind, RevisionKindHandler>(deps.kinds.map((h) => [h.kind, h]));

  function handlerOf(kind: unknown): RevisionKindHandler {
    const handler = isRevisionKind(kind) ? handlers.get(kind) : undefined;
    if (!handler)
      throw new ValidationError({ kind: [REVISION_MESSAGES.unknownKind] }, REVISION_MESSAGES.unknownKind);
    return handler;
  }

  router.get(
    '/admin/revisions/:kind/:id',
    requireAccess(deps, 'catalogueRead'),
    noStore,
    async (req, res) => {
      const handler = handlerOf(req.params.kind);
      const id = idParam(req, REVISION_MESSAGES.itemNotFound);
      const current = await handler.snapshot(db, id);
      if (!current) throw new NotFoundError(REVISION_MESSAGES.itemNotFound);
      const rows = (await db('revisions')
        .where({ kind: handler.kind, entity_id: id })
        .orderBy('id', 'desc')
        .select('*')) as RevisionRow[];
      const data: RevisionEntry[] = rows.map((row) => {
        const version = revisionData(row);
        return {
          id: Number(row.id),
          created_at: fromDbDateTime(row.created_at)?.toISOString() ?? '',
          user_name: row.user_name,
          ...version,
          changes: revisionChanges(version, current),
        };
      });
      res.json({ data });
    },
  );

  router.post('/admin/revisions/:revisionId/restore', requireAccess(deps, 'catalogue'), async (req, res) => {
    const revisionId = idParam(req, REVISION_MESSAGES.notFound, 'revisionId');
    const row = (await db('revisions').where({ id: revisionId }).first()) as RevisionRow | undefined;
    if (!row) throw new NotFoundError(REVISION_MESSAGES.notFound);
    const handler = handlerOf(row.kind);
    const id = Number(row.entity_id);
    if (!(await handler.snapshot(db, id))) throw new NotFoundError(REVISION_MESSAGES.itemNotFound);
    const version = revisionData(row);
    if (!(await imagesStored(layout, version.images)))
      throw new ValidationError({ images: [REVISION_MESSAGES.imageGone] }, REVISION_MESSAGES.imageGone);
    const data = await handler.restore(actorOf(res), id, version, req.log);
    res.json({ data, message: REVISION_MESSAGES.restored });
  });

  return router;
}
