import type { Request, RequestHandler } from 'express';
import { lingerAfterAnswer } from './lingering-close';
import { prefersHtml } from './prefers-html';

/**
 * A browser's own form post (no JavaScript) over the API's body limit: the body parser
 * would refuse it whole with a 413 in JSON, a page of raw JSON where the visitor's text
 * is lost. Here its first `limit` bytes are read and parsed as the form (a value cut at
 * the limit keeps its beginning), the rest is read and thrown away after the answer
 * (lingering-close.ts), and `res.locals.formCut` tells the route, which refuses the post
 * with its fields kept (docs/product-rules.md, "Contact form"). JSON clients and smaller
 * posts go on to the usual parsers.
 */
export function formPrefix(limit: number): RequestHandler {
  return (req, res, next) => {
    if (!req.is('application/x-www-form-urlencoded') || !prefersHtml(req)) return next();
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (cut: boolean) => {
      req.off('data', onData);
      req.off('end', onEnd);
      // Form encoding is ASCII: a cut may split an escape ('%C'), dropped here, or a letter's
      // UTF-8 bytes (%C3 of %C3%A9), decoded as a trailing U+FFFD, dropped below.
      let text = Buffer.concat(chunks).subarray(0, limit).toString('latin1');
      if (cut) text = text.replace(/%[0-9A-Fa-f]?$/, '');
      const body: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(text))
        body[key] = cut ? value.replace(/\uFFFD$/, '') : value;
      req.body = body;
      read.add(req);
      if (cut) {
        res.locals.formCut = true;
        res.setHeader('Connection', 'close');
        lingerAfterAnswer(req, res);
      }
      next();
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size > limit) {
        req.pause();
        finish(true);
      }
    };
    const onEnd = () => finish(false);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', next);
  };
}

/** The requests whose body formPrefix has read: a cut one is not finished, and would be read again. */
const read = new WeakSet<Request>();

/** `parser`, for the requests formPrefix has not read already. */
export const unlessFormRead =
  (parser: RequestHandler): RequestHandler =>
  (req, res, next) =>
    read.has(req) ? next() : parser(req, res, next);
