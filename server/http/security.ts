import helmet from 'helmet';
import type { ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { createHash } from 'node:crypto';
import type { Config } from '#server/config';
import { DETAILS_SCRIPT } from '#shared/details-at-once';

/**
 * Security headers for every response. The Content-Security-Policy allows scripts only
 * from our own origin (the catalogue adds its one inline script's hash: allowDetailsScript):
 * no 'unsafe-inline', ever, in production (hydration data travels in
 * non-executed JSON blocks). Inline CSS is allowed by hash, so cached HTML stays valid.
 * `npm run dev` (Vite middleware) relaxes scripts and styles for the HMR client and React
 * Refresh; that mode never serves visitors.
 */
export function securityHeaders(config: Config, styleHashes: string[], viteDev = false): RequestHandler {
  const headers = fixedHeaders(helmetFor(config, styleHashes, viteDev));
  // Nothing in them depends on the request: worked out once, then set on every answer in
  // the order helmet set them (docs/bench/2026-11-27-cache-miss-rounds.md, "Misses, third round").
  return (_req, res, next) => {
    res.removeHeader('X-Powered-By');
    for (let i = 0; i < headers.length; i += 2) res.setHeader(headers[i]!, headers[i + 1]!);
    next();
  };
}

/** The headers helmet sets, as [name, value, ...], from one run on a stand-in response. */
function fixedHeaders(middleware: RequestHandler): string[] {
  const set: string[] = [];
  const res = {
    setHeader(name: string, value: string | number) {
      set.push(name, String(value));
      return res;
    },
    removeHeader() {},
    getHeader: () => undefined,
  };
  let called = false;
  void middleware({ headers: {} } as never, res as never, () => (called = true));
  if (!called) throw new Error('helmet n’a pas rendu la main : en-têtes de sécurité inconnus');
  return set;
}

function helmetFor(config: Config, styleHashes: string[], development: boolean): RequestHandler {
  const mapOrigin = new URL(config.site.mapEmbedUrl).origin;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'"],
        styleSrc: development ? ["'self'", "'unsafe-inline'"] : ["'self'", ...styleHashes],
        // React's style={{...}} props become style attributes (card stagger, progress bars).
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        // The back office's photo worker and its service worker (/admin/sw.js): own origin only.
        workerSrc: ["'self'"],
        connectSrc: development ? ["'self'", 'ws:', 'wss:'] : ["'self'"],
        // The contact map is an iframe loaded on the visitor's click.
        frameSrc: [mapOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        // The product order form answers with a redirect to WhatsApp, which form-action also
        // governs (decision 0026): wa.me, and the address it forwards a browser to.
        formAction: ["'self'", 'https://wa.me', 'https://api.whatsapp.com'],
        frameAncestors: ["'self'"],
      },
    },
    // The map iframe and shared images must keep working across origins.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.appUrl.startsWith('https://') ? { maxAge: 31_536_000 } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * Narrows a document's style-src to the hash of its own inline CSS: public pages inline
 * only the sheets they use, so each has its own (decision 0023). The cache replays the
 * header with the document, so both stay together.
 */
export function allowInlineStyle(res: ServerResponse, hash: string): void {
  const csp = res.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  res.setHeader('Content-Security-Policy', csp.replace(/style-src [^;]*/, `style-src 'self' ${hash}`));
}

const DETAILS_SCRIPT_HASH = `'sha256-${createHash('sha256').update(DETAILS_SCRIPT).digest('base64')}'`;

/**
 * The one inline script a page may run, the catalogue's 'Détails' before its island
 * (shared/details-at-once.ts, decision 0047), allowed by its hash in the documents that
 * carry it only: the other pages' header stays 'self' alone, 55 bytes lighter.
 */
export function allowDetailsScript(res: ServerResponse, html: string): void {
  const csp = res.getHeader('content-security-policy');
  if (typeof csp !== 'string' || !html.includes(DETAILS_SCRIPT)) return;
  res.setHeader(
    'Content-Security-Policy',
    csp.replace(/script-src 'self'(?=;)/, `script-src 'self' ${DETAILS_SCRIPT_HASH}`),
  );
}
