import type { HydrationState } from 'react-router-dom';
import { escapeHtml } from '#shared/escape-html';
import { imageUrl } from '#shared/image-url';
import type { PageMeta } from '#shared/page-meta';
import type { SiteSettings } from '#shared/site-settings';
import { safeJson } from '#shared/safe-json';
import type { PageAssets } from './assets';
import { SHARING_IMAGE } from './sharing-image';

export interface DocumentParts {
  app: 'public' | 'admin';
  html: string;
  /** Resource hints lifted out of React's output (trusted: React escaped them). */
  headLinks: string;
  meta: PageMeta;
  assets: PageAssets;
  site: SiteSettings;
  appUrl: string;
  /** Path and query of the request, for canonical and og:url. */
  pathname: string;
  hydrationData: HydrationState | null;
}

function absolute(appUrl: string, url: string): string {
  return /^https?:\/\//i.test(url) ? url : `${appUrl}${url}`;
}

function headTags(parts: DocumentParts): string {
  const { meta, site, appUrl, assets } = parts;
  const canonical = `${appUrl}${parts.pathname}`;
  const tags = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    '<meta name="theme-color" content="#12355b">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
  ];
  if (meta.noindex) {
    tags.push('<meta name="robots" content="noindex, nofollow">');
  } else {
    tags.push(
      `<link rel="canonical" href="${escapeHtml(canonical)}">`,
      '<meta property="og:type" content="website">',
      '<meta property="og:locale" content="fr_FR">',
      `<meta property="og:site_name" content="${escapeHtml(site.name)}">`,
      `<meta property="og:title" content="${escapeHtml(meta.title)}">`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
      `<meta property="og:url" content="${escapeHtml(canonical)}">`,
    );
    // Every page gets a card (product rules, Public site): its own picture, else the default one.
    if (meta.image) {
      tags.push(`<meta property="og:image" content="${escapeHtml(absolute(appUrl, imageUrl(meta.image)))}">`);
    } else {
      tags.push(
        `<meta property="og:image" content="${escapeHtml(absolute(appUrl, SHARING_IMAGE.path))}">`,
        `<meta property="og:image:width" content="${SHARING_IMAGE.width}">`,
        `<meta property="og:image:height" content="${SHARING_IMAGE.height}">`,
      );
    }
    tags.push('<meta name="twitter:card" content="summary_large_image">');
  }
  for (const item of meta.jsonLd ?? [])
    tags.push(`<script type="application/ld+json">${safeJson(item)}</script>`);
  if (assets.inlineCss !== null) tags.push(`<style>${assets.inlineCss}</style>`);
  for (const href of assets.stylesheets) tags.push(`<link rel="stylesheet" href="${escapeHtml(href)}">`);
  tags.push(parts.headLinks);
  // The back office needs its bundle to show anything; a public page's preloads wait in the
  // body (islandModules).
  if (parts.app === 'admin') tags.push(modulePreloads(assets.preloads, ''));
  return tags.join('');
}

function modulePreloads(hrefs: string[], attributes: string): string {
  return hrefs.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}"${attributes}>`).join('');
}

/**
 * A public page's scripts only hydrate islands the server already drew: their chunks are
 * announced in an inert <template> that `client/entry-islands.tsx` moves into the head after
 * the load event, at low priority, so that they never share the connection with the LCP
 * image nor count as render-blocking (decision 0029).
 */
function islandModules(hrefs: string[]): string {
  return hrefs.length
    ? `<template id="island-modules">${modulePreloads(hrefs, ' fetchpriority="low"')}</template>`
    : '';
}

/**
 * The whole HTML document. Public pages: the rendered body, then the islands script only
 * when the page has islands. Back office: the rendered shell inside #root, the router's
 * state as a non-executed JSON block (escaped by safeJson), then the admin bundle.
 * No inline script here: the CSP's script-src is 'self' and the hash of the catalogue's
 * one inline script on its page (allowDetailsScript, decision 0047).
 */
export function renderDocument(parts: DocumentParts): string {
  const priority = parts.app === 'public' ? ' fetchpriority="low"' : '';
  const scripts = parts.assets.scripts
    .map((src) => `<script type="module" src="${escapeHtml(src)}"${priority}></script>`)
    .join('');
  const body =
    parts.app === 'admin'
      ? `<div id="root">${parts.html}</div><script type="application/json" id="router-hydration">${safeJson(parts.hydrationData)}</script>${scripts}`
      : `${parts.html}${islandModules(parts.assets.preloads)}${scripts}`;
  return `<!doctype html><html lang="fr"><head>${headTags(parts)}</head><body>${body}</body></html>`;
}
