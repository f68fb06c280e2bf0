import type { RequestHandler } from 'express';

const LINK_PAGE = /^\/(invitation|reinitialiser)\//i;

/**
 * The pages of an invitation or a reset link (`/invitation/{token}`, `/reinitialiser/{token}`)
 * hold the token in their address: no Referer may carry it to anything the page loads or
 * links to, and no cache may keep the page (docs/decisions/0035-staff-accounts-and-one-use-links.md).
 * Set here, before the renderer, so that the page's own code cannot forget it.
 */
export function oneUseLinkPages(): RequestHandler {
  return (req, res, next) => {
    if (LINK_PAGE.test(req.path)) {
      res.setHeader('Referrer-Policy', 'no-referrer');
      res.setHeader('Cache-Control', 'no-store');
    }
    next();
  };
}
