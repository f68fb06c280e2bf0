import type { Router } from 'express';
import { pagedData } from '#shared/paged';
import { bulkIds } from '#server/db/bulk';
import type { AuthDeps } from '#server/features/auth';
import { moveManyToTrash } from '#server/features/trash';
import { actorOf } from '#server/http/actor';
import { noStore } from '#server/http/no-store';
import { parseInput } from '#server/http/parse-input';
import { requireAccess } from '#server/http/require-auth';
import { storageFor } from '#server/storage/storage-for';
import { offerBulkChange } from './offer-bulk-change';
import type { OfferKind } from './offer-kind';
import { offerListIds, offerListPage } from './offer-list.repository';
import { offerTrashFor } from './offer-trash';
import { offerService } from './offers.service';

/**
 * One offer kind's back-office list (docs/product-rules.md, "Lists of the back office" and
 * "Bulk actions"), under the public path's name: `GET /api/admin/parcels` (and
 * `/admin/flotte-immobiliere`, `/admin/biens-immobiliers`) reads a page for whoever reads
 * the catalogue's drafts; `POST …/bulk` publishes, unpublishes, moves to the trash or (a
 * parcel) changes the status of the rows ticked or of the filtered list, for the
 * catalogue's writers. The public pages follow: a successful write under /api empties
 * the HTML cache (server/ssr/cached-response.ts), as a single save's does.
 */
export function addOfferListRoutes<C extends object, U extends object, A>(
  router: Router,
  kind: OfferKind<C, U, A>,
  deps: AuthDeps,
): void {
  const base = `/admin${kind.path}`;
  const layout = storageFor(deps.config);
  const service = offerService(kind, { db: deps.db, layout, now: deps.now });
  const at = () => deps.now?.() ?? new Date();

  router.get(base, requireAccess(deps, 'catalogueRead'), noStore, async (req, res) => {
    const query = parseInput(kind.list.query, req.query);
    const { rows, total } = await offerListPage(deps.db, kind, query, at());
    res.json(pagedData(rows.map(kind.toAnswer), total, query));
  });

  router.post(`${base}/bulk`, requireAccess(deps, 'catalogue'), async (req, res) => {
    const body = parseInput(kind.list.bulk, req.body);
    const ids = await bulkIds(body, (filter) => offerListIds(deps.db, kind, filter, at()));
    const actor = actorOf(res);
    if (body.action === 'delete') {
      res.json(
        await moveManyToTrash({ db: deps.db, layout, now: deps.now }, actor, offerTrashFor(kind.table), ids),
      );
      return;
    }
    res.json(
      await service.bulkChange(actor, ids, offerBulkChange({ ...body, action: body.action }, at()), req.log),
    );
  });
}
