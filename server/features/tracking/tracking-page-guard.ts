import type { Request, RequestHandler, Response } from 'express';
import type { Knex } from 'knex';
import type { Config } from '#server/config';
import { trackingMessages } from '#shared/tracking-rules';
import { escapeHtml } from '#shared/escape-html';
import { trackingLimits } from './tracking-limits';
import { trackingPathOf } from './tracking-path';
import { trackingService } from './tracking.service';
import { clientAddress } from '#server/http/rate-limit';

const page = (title: string, message: string) =>
  '<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>` +
  '<a href="/suivi">Recevoir mon lien de suivi</a></main></body></html>';

/** One client's answers: nothing keeps them, no referrer carries the token away. */
function privateAnswer(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

export function trackingPageGuard({
  config,
  db,
}: {
  config: Pick<Config, 'limits' | 'redis' | 'logLevel' | 'site' | 'appUrl' | 'mail' | 'jwtSecret'>;
  db: Knex;
}): RequestHandler {
  const { guesses } = trackingLimits(config);
  const tracking = trackingService({ db, config });

  /** Counts a guess; answers false (and the 429) when the address is past the limit. */
  const counted = async (req: Request, res: Response): Promise<boolean> => {
    const answer = await guesses.take(clientAddress(req));
    if (!answer.granted) {
      res.setHeader('Retry-After', String(answer.retryAfterSeconds));
      res.status(429).type('html').send(page('Trop de requêtes', trackingMessages.tooManyGuesses));
      return false;
    }
    res.on('finish', () => {
      // Only the 404 said the link opens nothing: another limit's 429 or a failure of ours did not.
      if (res.statusCode !== 404) void answer.slot.release();
    });
    return true;
  };

  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const path = trackingPathOf(req.originalUrl);
    if (path.kind === 'other') return next();
    privateAnswer(res);
    if (path.kind === 'undecodable') {
      // No route could read it: answered here, so that nothing further writes the path.
      if (await counted(req, res))
        res
          .status(404)
          .type('html')
          .send(page(trackingMessages.notFoundTitle, trackingMessages.notFoundDetail));
      return;
    }
    if (!path.isCanonical) {
      const query = req.originalUrl.indexOf('?');
      res.redirect(301, query === -1 ? path.canonical : `${path.canonical}${req.originalUrl.slice(query)}`);
      return;
    }
    let opens: boolean;
    try {
      opens = await tracking.opens(path.token);
    } catch {
      // The database is away: the page's or the photo's own query answers the outage.
      return next();
    }
    if (opens || (await counted(req, res))) next();
  };
}
