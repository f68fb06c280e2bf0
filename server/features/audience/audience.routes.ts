import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router, type Express, type Request, type RequestHandler } from 'express';
import type { Config } from '#server/config';
import { NotFoundError } from '#server/errors';
import { idParam } from '#server/http/id-param';
import { paths } from '#shared/paths';
import { STATS_DIMENSIONS, WHATSAPP_OFFER_KINDS } from '#shared/statistics';
import { COUNTED_LINK_TEXT, whatsappLink } from '#shared/whatsapp';
import proxyaddr from 'proxy-addr';
import type { Audience } from './audience';

type TrustFn = Parameters<typeof proxyaddr>[1];

/**
 * Where the audience count meets the requests (docs/decisions/0043-audience-counting.md):
 * public pages served from the cache or rendered, the WhatsApp links of the products, offers
 * and promotions, and the forms accepted. Each one is a synchronous call on the counter.
 */

const OFFER_KINDS = new Set<string>(WHATSAPP_OFFER_KINDS);
/** A message longer than this is not one the site wrote. */
const TEXT_MAX = 2_000;
const NOT_FOUND = 'Lien WhatsApp inconnu';

/** A cache hit (answered before Express, decision 0008): counted when its answer is a 200. */
export function countCachedPage(
  app: Express,
  audience: Audience,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    if (res.statusCode !== 200 || !audience.mayCount(req)) return;
    // The address `req.ip` would give (the same function, the same TRUST_PROXY setting),
    // without giving the raw request Express's prototype: changing an object's prototype on
    // every hit slows every later access to it (measured by `npm run bench -- --audience-cost`).
    audience.pageView(req, proxyaddr(req, app.get('trust proxy fn') as TrustFn));
  };
}

/**
 * Before the renderer: a rendered page is counted once answered, if it was a public HTML
 * page (200, not `no-store`: private pages are never counted).
 */
export function countRenderedPages(audience: Audience): RequestHandler {
  return (req, res, next) => {
    if (audience.mayCount(req))
      res.once('finish', () => {
        if (res.statusCode !== 200) return;
        const cacheControl = String(res.getHeader('cache-control') ?? '');
        const type = String(res.getHeader('content-type') ?? '');
        if (cacheControl.includes('no-store') || !type.startsWith('text/html')) return;
        audience.pageView(req, req.ip ?? req.socket.remoteAddress ?? '');
      });
    next();
  };
}

/** Product orders: the existing 303 to WhatsApp (product-order.routes.ts), counted once answered. */
export function countProductOrders(audience: Audience): Router {
  const router = Router();
  router.get(paths.productOrder(':id'), (req, res, next) => {
    const id = String(req.params.id);
    res.once('finish', () => {
      if (res.statusCode === 303 && /^\d{1,10}$/.test(id))
        audience.event(req, STATS_DIMENSIONS.whatsappProduct, id);
    });
    next();
  });
  return router;
}

function whatsappRedirect(config: Config, req: Request, res: Parameters<RequestHandler>[1]): void {
  // Never kept nor indexed: each click is counted and the chat's message is the link's own.
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Robots-Tag', 'noindex');
  const raw = req.query[COUNTED_LINK_TEXT];
  const text = typeof raw === 'string' ? raw.slice(0, TEXT_MAX) : '';
  // Always the site's own number: this address sends nowhere else.
  res.redirect(302, whatsappLink(config.site.whatsapp, text || undefined));
}

/** The offers' and promotions' WhatsApp buttons: a same-site link counted, then 302 to wa.me. */
export function whatsappClickRoutes({
  config,
  audience,
}: {
  config: Config;
  /** Null: the links still lead to WhatsApp, uncounted (STATS_ENABLED=false). */
  audience: Audience | null;
}): Router {
  const router = Router();
  router.get(paths.offerWhatsapp(':kind', ':id'), (req, res) => {
    const kind = String(req.params.kind);
    if (!OFFER_KINDS.has(kind)) throw new NotFoundError(NOT_FOUND);
    const id = idParam(req, NOT_FOUND);
    audience?.event(req, STATS_DIMENSIONS.whatsappOffer, `${kind}:${id}`);
    whatsappRedirect(config, req, res);
  });
  router.get(paths.promotionWhatsapp(':id'), (req, res) => {
    const id = idParam(req, NOT_FOUND);
    audience?.event(req, STATS_DIMENSIONS.whatsappPromotion, String(id));
    whatsappRedirect(config, req, res);
  });
  return router;
}

/**
 * The page a form was sent from: the Referer's path when it is this site's, else the form's
 * own page (`fallback`: a client that sends no Referer, or another site's).
 */
export function formPageOf(req: Request, ownHost: string, fallback: string): string {
  const referer = req.headers.referer;
  if (referer) {
    try {
      const url = new URL(referer);
      const host = req.headers.host?.replace(/:\d+$/, '').toLowerCase();
      if (url.hostname === ownHost || url.hostname === host) return url.pathname;
    } catch {
      // Not an address: the form's own path below.
    }
  }
  return fallback;
}

/** Called by a form's route once the submission is stored: one count for the page it came from. */
export type FormAccepted = (req: Request) => void;

export function countAcceptedForms(
  config: Config,
  audience: Audience,
): { request: FormAccepted; message: FormAccepted } {
  const ownHost = new URL(config.appUrl).hostname.toLowerCase();
  return {
    request: (req) =>
      audience.event(req, STATS_DIMENSIONS.requestPage, formPageOf(req, ownHost, paths.submitProject)),
    message: (req) =>
      audience.event(req, STATS_DIMENSIONS.messagePage, formPageOf(req, ownHost, paths.contact)),
  };
}
