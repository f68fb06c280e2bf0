import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';
import type { DeviceClass, SourceGroup } from '#shared/statistics';

/**
 * What a request tells the audience count (docs/decisions/0043-audience-counting.md): whether
 * it is counted at all, where the visit came from, and the kind of device. Pure functions of
 * the headers and the URL: nothing here is kept.
 */

/** Paths never counted: the back office, the API, private tracking pages, account links. */
const NOT_PUBLIC = /^\/(?:admin|api|suivi|invitation|reinitialiser|login|mot-de-passe-oublie)(?:\/|$)/;

export function isPublicPath(path: string): boolean {
  return !NOT_PUBLIC.test(path);
}

/**
 * A request a person asked for and agrees to be counted: not a crawler, not a page the
 * browser fetches ahead in case it is followed (a prefetch, a prerender), and no "do not
 * track" (DNT) or Global Privacy Control (Sec-GPC) signal.
 */
export function isCountedVisitor(headers: IncomingHttpHeaders): boolean {
  if (headers.dnt === '1' || headers['sec-gpc'] === '1') return false;
  const purpose = headers['sec-purpose'] ?? headers.purpose ?? headers['x-moz'] ?? headers['x-purpose'];
  if (typeof purpose === 'string' && /prefetch|prerender|preview/i.test(purpose)) return false;
  const agent = headers['user-agent'];
  // No user agent at all is a script, not a browser.
  if (!agent) return false;
  return agentOf(agent).person;
}

/** What a user agent says once judged: a person's browser or not, and its device class. */
export interface AgentVerdict {
  person: boolean;
  device: DeviceClass;
}

/**
 * User agents repeat (a few browser versions make most visits), and isbot's list of crawlers
 * is one long pattern: each agent is judged once, in a bounded memo emptied when full, so a
 * counted page costs a lookup instead of microseconds of matching (the throughput figure of
 * docs/decisions/0043-audience-counting.md). The memo lives in memory only, like the counts.
 */
const agents = new Map<string, AgentVerdict>();
const AGENTS_MAX = 1_000;

export function agentOf(agent: string): AgentVerdict {
  const known = agents.get(agent);
  if (known) return known;
  if (agents.size >= AGENTS_MAX) agents.clear();
  const verdict = { person: !isbot(agent), device: deviceClassOf(agent) };
  agents.set(agent, verdict);
  return verdict;
}

/** The hosts of each source group, matched on the host or any parent domain. */
const SOURCE_HOSTS: Record<Exclude<SourceGroup, 'other' | 'direct'>, RegExp> = {
  search:
    /(?:^|\.)(?:google\.[a-z.]+|bing\.com|yahoo\.[a-z.]+|duckduckgo\.com|ecosia\.org|qwant\.com|yandex\.[a-z.]+|baidu\.com|search\.brave\.com|startpage\.com)$/,
  facebook: /(?:^|\.)(?:facebook\.com|fb\.com|fb\.me|messenger\.com)$/,
  whatsapp: /(?:^|\.)(?:whatsapp\.com|whatsapp\.net|wa\.me)$/,
  instagram: /(?:^|\.)instagram\.com$/,
};

export function sourceGroupOf(host: string): SourceGroup {
  for (const [group, pattern] of Object.entries(SOURCE_HOSTS))
    if (pattern.test(host)) return group as SourceGroup;
  return 'other';
}

export type Entry = { group: SourceGroup; host: string | null } | null;

const DIRECT: Entry = { group: 'direct', host: null };

/**
 * Referers' origins repeat (the site itself, a few search engines and networks): each is
 * parsed once, in a bounded memo emptied when full, so a page view costs a lookup rather
 * than a URL parse. Only the origin is kept (`https://www.google.com`), never a path or query.
 */
const entries = new Map<string, Entry>();
const ENTRIES_MAX = 1_000;

/**
 * Where a page view entered the site from: `direct` without a Referer, the referring host
 * and its group for another site, null for a link inside the site (navigation, no source).
 * A Referer that is not a web address counts as direct.
 */
export function entryOf(referer: string | undefined, ownHost: string): Entry {
  if (!referer) return DIRECT;
  const slash = referer.indexOf('/', referer.indexOf('//') + 2);
  const origin = slash === -1 ? referer : referer.slice(0, slash);
  const memo = `${ownHost} ${origin}`;
  const known = entries.get(memo);
  if (known !== undefined) return known;
  if (entries.size >= ENTRIES_MAX) entries.clear();
  const entry = parseEntry(origin, ownHost);
  entries.set(memo, entry);
  return entry;
}

function parseEntry(origin: string, ownHost: string): Entry {
  let host: string;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return DIRECT;
    host = url.hostname.toLowerCase();
  } catch {
    return DIRECT;
  }
  if (host === ownHost) return null;
  const bare = host.startsWith('www.') ? host.slice(4) : host;
  return { group: sourceGroupOf(bare), host: bare };
}

/**
 * The device class from the user agent, one small rule: a tablet says iPad, or Android
 * without "Mobile" (Android phones' browsers add it), or Tablet/Kindle/Silk; a phone says
 * Mobile, iPhone, iPod, Android, Windows Phone or Opera Mini; anything else is a computer.
 * iPadOS's Safari passes for a Mac by default and is counted as a computer.
 */
export function deviceClassOf(agent: string): DeviceClass {
  if (/iPad|Tablet|Kindle|Silk|PlayBook/i.test(agent)) return 'tablet';
  if (/Android/i.test(agent)) return /Mobile/i.test(agent) ? 'phone' : 'tablet';
  if (/Mobi|iPhone|iPod|Windows Phone|Opera Mini|KaiOS/i.test(agent)) return 'phone';
  return 'computer';
}

/** Longest key kept: what the unique key of `stats_counts` holds (migrations/025-statistics.ts). */
export const KEY_MAX = 191;

/** A free text value of the query string (utm_source, utm_campaign) as a key, or null. */
export function campaignValue(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim().toLowerCase().slice(0, 100);
  return value === '' ? null : value;
}

/** The path and the utm values of a request's URL, without parsing more than needed. */
export function splitUrl(url: string): {
  path: string;
  utmSource: string | null;
  utmCampaign: string | null;
} {
  const mark = url.indexOf('?');
  const path = mark === -1 ? url : url.slice(0, mark);
  if (mark === -1 || !url.includes('utm_', mark)) return { path, utmSource: null, utmCampaign: null };
  const query = new URLSearchParams(url.slice(mark + 1));
  return {
    path,
    utmSource: campaignValue(query.get('utm_source')),
    utmCampaign: campaignValue(query.get('utm_campaign')),
  };
}
