import type { IncomingHttpHeaders } from 'node:http';
import type { RequestHandler } from 'express';
import { escapeHtml } from '#shared/escape-html';
import type { Config } from '#server/config';
import { CROSS_SITE_MESSAGE, CrossSiteRequestError } from '#server/errors';
import { prefersHtml } from './prefers-html';
import { closeAfterAnswer } from './uploads';

/**
 * Writes sent by another site's page are refused (docs/product-rules.md, "Security";
 * docs/decisions/0033-cross-site-requests.md). Any page can make its visitors' browsers
 * post our public forms (a project request, a contact message, a tracking link e-mailed
 * again, sign-in attempts that lock an account); browsers say where such a request comes
 * from in Sec-Fetch-Site and Origin, which no page can forge. A client that sends neither
 * (curl, a script with a bearer token) is no browser acting for someone else: it goes on.
 */

/** Methods that change nothing: a link or an image from anywhere may still fetch our pages. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Sec-Fetch-Site of our own pages, and of a request the user made themselves (typed, a bookmark). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/** One machine's own names: the same server, whichever of them the address bar shows. */
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins of our own pages: APP_URL's, never the Host header's, which a reverse proxy
 * rewrites and a client chooses. An APP_URL on the machine itself (the default,
 * http://localhost:3000) also answers under its other loopback names on the same port and
 * scheme: `npm start` opened at http://127.0.0.1:3000 is still our page.
 */
export function ownOrigins(appUrl: string): ReadonlySet<string> {
  const url = new URL(appUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    const port = url.port ? `:${url.port}` : '';
    for (const host of LOOPBACK_HOSTS) origins.add(`${url.protocol}//${host}${port}`);
  }
  return origins;
}

/**
 * Whether a browser says the request comes from a page that is not ours: Sec-Fetch-Site
 * other than same-origin or none (`same-site` too: a sibling sub-domain is another
 * site's page), or an Origin that is not ours (`null` included: a sandboxed frame, a
 * `data:` page). One `null` is ours: a form posted without JavaScript from one of our
 * private pages (a tracking page, a contact form brought back with its draft), whose
 * `Referrer-Policy: no-referrer` makes the browser hide its origin; Sec-Fetch-Site then
 * says `same-origin`, which no page can make a browser say of another site's request.
 */
export function comesFromElsewhere(headers: IncomingHttpHeaders, own: ReadonlySet<string>): boolean {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && !OWN_FETCH_SITES.has(site)) return true;
  const origin = headers.origin;
  if (origin === 'null' && site === 'same-origin') return false;
  return origin !== undefined && !own.has(origin);
}

/**
 * Every write, whatever its path (/api, the forms posted without JavaScript, the back
 * office's calls): 403 before the body is read, so nothing is stored, mailed or counted.
 * A browser's own form post (#server/http/prefers-html) gets a French page instead of raw
 * JSON; not the usual 303 back to the form, which would keep a draft and show the form's
 * error to someone who never filled it in.
 */
export function refuseCrossSiteWrites(config: Config): RequestHandler {
  const own = ownOrigins(config.appUrl);
  const expected = new URL(config.appUrl).origin;
  const page = refusalPage(config);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || !comesFromElsewhere(req.headers, own)) return next();
    // Also what an APP_URL that is not the address visitors use looks like: the log says which.
    req.log?.warn(
      { origin: req.headers.origin, secFetchSite: req.headers['sec-fetch-site'], expected },
      'écriture venue d’un autre site refusée',
    );
    // The body is not wanted: read and thrown away within bounds, then the connection closes.
    closeAfterAnswer(req, res);
    res.setHeader('Cache-Control', 'no-store');
    if (prefersHtml(req)) {
      res.status(403).type('html').send(page);
      return;
    }
    next(new CrossSiteRequestError());
  };
}

/** A document without script nor style, so the Content-Security-Policy has nothing to allow. */
function refusalPage(config: Config): string {
  const site = escapeHtml(config.site.name);
  return [
    '<!doctype html>',
    '<html lang="fr">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>Requête refusée | ${site}</title>`,
    '</head>',
    '<body>',
    '<main>',
    '<h1>Requête refusée</h1>',
    `<p>${escapeHtml(CROSS_SITE_MESSAGE)}</p>`,
    `<p>Ce formulaire a été envoyé depuis une page qui n'appartient pas à ${site} : rien n'a été enregistré ni envoyé. Pour nous écrire ou nous soumettre un projet, ouvrez le formulaire sur notre site.</p>`,
    `<p><a href="${escapeHtml(`${config.appUrl}/`)}">Aller sur le site ${site}</a></p>`,
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
}
