import { Router, type RequestHandler } from 'express';
import type { Knex } from 'knex';
import { formatDateTime } from '#shared/format';
import { fromDbDateTime, toBool } from '#server/db/dialect';
import { publicAt, STAFF, whereVisible } from '#server/db/visibility';
import { NotFoundError, ValidationError } from '#server/errors';
import { idParam } from '#server/http/id-param';
import { requireAccess } from '#server/http/require-auth';
import type { SsrRenderer } from '#server/ssr/renderer';
import type { AuthDeps } from '#server/features/auth';
import { isPreviewKind, PREVIEW_KINDS, previewMessages, type PreviewKind } from './preview-kinds';
import { signPreview, verifyPreview, type PreviewTarget } from './preview-token';

/**
 * Staff previews (docs/product-rules.md, "Drafts and scheduled publishing";
 * docs/decisions/0041-drafts-and-scheduled-publishing.md).
 */

/** The row as the staff see it (trashed rows never), or null. */
async function previewedRow(db: Knex, target: PreviewTarget): Promise<Record<string, unknown> | null> {
  const { table } = PREVIEW_KINDS[target.kind];
  const row = (await whereVisible(db(table), table, STAFF)
    .where('id', target.id)
    .first('id', table === 'testimonials' ? 'published' : 'publication', 'publish_at')) as
    Record<string, unknown> | undefined;
  return row ?? null;
}

/** What the banner says: not published, scheduled for a Cotonou date and time, or already on the site. */
function bannerOf(kind: PreviewKind, row: Record<string, unknown>, now: Date): string {
  const draft =
    PREVIEW_KINDS[kind].table === 'testimonials' ? !toBool(row.published) : row.publication === 'draft';
  if (draft) return previewMessages.draft;
  const at = fromDbDateTime(row.publish_at as string | Date | null);
  if (at && at.getTime() > now.getTime()) {
    return previewMessages.scheduled(formatDateTime(at));
  }
  return previewMessages.published;
}

/** POST /api/admin/preview/{kind}/{id}: `{ url }`, a same-origin link valid 10 minutes. */
export function previewRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.post('/admin/preview/:kind/:id', requireAccess(deps, 'catalogueRead'), async (req, res) => {
    const { kind } = req.params;
    if (!isPreviewKind(kind)) throw new ValidationError({ kind: [previewMessages.kindUnknown] });
    const id = idParam(req, previewMessages.notFound);
    if (!(await previewedRow(deps.db, { kind, id }))) throw new NotFoundError(previewMessages.notFound);
    const token = signPreview(deps.config.jwtSecret, { kind, id }, deps.now?.() ?? new Date());
    res.set('Cache-Control', 'no-store').json({ url: `/apercu/${token}` });
  });
  return router;
}

const PREVIEW_PAGE = /^\/apercu\/([^/]+)\/?$/;

/**
 * GET /apercu/{token}: the public page that shows the item, with the public's reads plus
 * that one row. A dead link (expired, forged, item gone) is the French not-found page,
 * with the same headers: the token is in the address.
 */
export function previewPages(deps: AuthDeps, renderer: SsrRenderer): RequestHandler {
  return async (req, res, next) => {
    const match = req.method === 'GET' || req.method === 'HEAD' ? PREVIEW_PAGE.exec(req.path) : null;
    if (!match) return next();
    const now = deps.now?.() ?? new Date();
    const target = verifyPreview(deps.config.jwtSecret, decodeURIComponent(match[1]!), now);
    const row = target ? await previewedRow(deps.db, target) : null;
    if (!target || !row) {
      await renderer.preview(req, res, { path: req.originalUrl, visibility: publicAt, banner: null });
      return;
    }
    const { table, page } = PREVIEW_KINDS[target.kind];
    await renderer.preview(req, res, {
      path: page(target.id),
      visibility: () => ({ ...publicAt(), preview: { table, id: target.id } }),
      banner: bannerOf(target.kind, row, now),
    });
  };
}
