import { Router, type Response } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { pagedData } from '#shared/paged';
import { can, FORBIDDEN_MESSAGE } from '#shared/roles';
import { pagingFields } from '#shared/schemas/fields';
import { isTrashKind, TRASH_ACCESS, TRASH_KINDS, TRASH_MESSAGES, type TrashKind } from '#shared/trash';
import type { Config } from '#server/config';
import { ForbiddenError, NotFoundError, ValidationError } from '#server/errors';
import { actorOf } from '#server/http/actor';
import { noStore } from '#server/http/no-store';
import { parseInput } from '#server/http/parse-input';
import { authOf, requireAccess } from '#server/http/require-auth';
import { storageFor } from '#server/storage/storage-for';
import type { TrashKindHandler } from './trash-kind';
import { listTrash, purgeEntries, purgeFromTrash, restoreFromTrash, type TrashDeps } from './trash.service';

const BASE = '/admin/trash';
export const TRASH_PAGE_SIZE = 20;
export const TRASH_PAGE_SIZE_MAX = 100;

export const trashListMessages = {
  pageInvalid: 'La page doit être un nombre entier positif.',
  perPageInvalid: `Le nombre de lignes par page doit être compris entre 1 et ${TRASH_PAGE_SIZE_MAX}.`,
} as const;

const listQuery = z.object({
  kind: z.unknown().optional(),
  ...pagingFields(trashListMessages, TRASH_PAGE_SIZE, TRASH_PAGE_SIZE_MAX),
});

function kindOf(value: unknown): TrashKind {
  if (!isTrashKind(value)) throw new ValidationError({ kind: [TRASH_MESSAGES.unknownKind] });
  return value;
}

/**
 * The trash's API (docs/product-rules.md, "Trash"): the list, restoring and purging. Every
 * route needs the `trash` access; each user sees and restores only the kinds whose
 * TRASH_ACCESS they have, and purging stays with `operator`. `handlers` is the list of
 * server/features/trash-kinds: a kind without one answers 422 like an unknown kind.
 * Mounted under /api, so emptyOnWrite empties the HTML cache after each successful write.
 */
export function trashRoutes(
  deps: { config: Config; db: Knex; now?: () => Date },
  handlers: readonly TrashKindHandler[],
): Router {
  const router = Router();
  const trash: TrashDeps = {
    db: deps.db,
    layout: storageFor(deps.config),
    retentionDays: deps.config.trashRetentionDays,
    ...(deps.now ? { now: deps.now } : {}),
  };
  const byKind = new Map(handlers.map((handler) => [handler.kind, handler]));
  const guard = requireAccess(deps, 'trash');
  const operator = requireAccess(deps, 'operator');

  const role = (res: Response) => authOf(res).user.role;
  const visibleKinds = (res: Response) =>
    (Object.keys(TRASH_KINDS) as TrashKind[]).filter(
      (kind) => byKind.has(kind) && can(role(res), TRASH_ACCESS[kind]),
    );

  /** The handler of a kind named in the request, once the reader may see that kind. */
  function handlerFor(res: Response, value: unknown): TrashKindHandler {
    const kind = kindOf(value);
    const handler = byKind.get(kind);
    if (!handler) throw new ValidationError({ kind: [TRASH_MESSAGES.unknownKind] });
    if (!can(role(res), TRASH_ACCESS[kind])) throw new ForbiddenError(FORBIDDEN_MESSAGE);
    return handler;
  }

  function idOf(value: unknown): number {
    if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value))
      throw new NotFoundError(TRASH_MESSAGES.notFound);
    return Number(value);
  }

  router.get(BASE, guard, noStore, async (req, res) => {
    const query = parseInput(listQuery, req.query);
    const blank = query.kind === undefined || query.kind === '' || query.kind === 'all';
    const kinds = blank ? visibleKinds(res) : [handlerFor(res, query.kind).kind];
    const { items, total } = await listTrash(trash, kinds, query);
    res.json(pagedData(items, total, query));
  });

  router.post(`${BASE}/:kind/:id/restore`, guard, async (req, res) => {
    const handler = handlerFor(res, req.params.kind);
    await restoreFromTrash(trash, actorOf(res), handler, idOf(req.params.id));
    res.json({ message: TRASH_MESSAGES.restored });
  });

  router.delete(`${BASE}/:kind/:id`, guard, operator, async (req, res) => {
    const handler = handlerFor(res, req.params.kind);
    await purgeFromTrash(trash, actorOf(res), handler, idOf(req.params.id));
    res.json({ message: TRASH_MESSAGES.purged });
  });

  router.delete(BASE, guard, operator, async (_req, res) => {
    const kinds = new Set(visibleKinds(res));
    const { purged, kept } = await purgeEntries(
      trash,
      actorOf(res),
      handlers.filter((handler) => kinds.has(handler.kind)),
    );
    res.json({ message: TRASH_MESSAGES.emptied, purged, kept });
  });

  return router;
}
