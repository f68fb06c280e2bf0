import type { Request, RequestHandler } from 'express';
import type { Config } from '#server/config';
import { trackingMessages } from '#shared/tracking-rules';
import { escapeHtml } from '#shared/escape-html';
import { trackingLimits } from './tracking-limits';

/**
 * Guessing tracking links is limited per client (docs/product-rules.md, "Tracking link"):
 * every GET /suivi/{segment} takes a slot before the page is rendered, and a page that
 * answered 200 (the link works) gives it back, so the client who follows their own link
 * never counts and a robot trying tokens stops after a few. Mounted before the
 * server-rendered pages.
 */
const TRACKING_PAGE = /^\/suivi\/[^/?#]+\/?(?:[?#]|$)/;

function clientOf(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'inconnue';
}

const tooManyPage = (message: string) =>
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<meta name="robots" content="noindex"><title>Trop de requêtes</title></head><body><main><h1>Trop de requêtes</h1><p>${escapeHtml(message)}</p>` +
  '<a href="/suivi">Recevoir mon lien de suivi</a></main></body></html>';

export function trackingPageGuard(config: Pick<Config, 'limits' | 'redis' | 'logLevel'>): RequestHandler {
  const { guesses } = trackingLimits(config);
  return async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !TRACKING_PAGE.test(req.originalUrl))
      return next();
    const answer = await guesses.take(clientOf(req));
    if (!answer.granted) {
      res.setHeader('Retry-After', String(answer.retryAfterSeconds));
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.status(429).type('html').send(tooManyPage(trackingMessages.tooManyGuesses));
      return;
    }
    res.on('finish', () => {
      if (res.statusCode < 400) void answer.slot.release();
    });
    next();
  };
}
