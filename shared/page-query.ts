import { paths } from './paths';
import {
  CONTACT_DRAFT_PARAM,
  CONTACT_FIELDS_PARAM,
  CONTACT_OUTCOME_PARAM,
  CONTACT_REFERENCE_PARAM,
  CONTACT_STATUS_PARAM,
} from './contact-outcome';
import { FIELDS_PARAM, OUTCOME_PARAM, RECEIPT_PARAM, STATUS_PARAM } from './submission-outcome';
import { TRACKING_FIELDS_PARAM, TRACKING_OUTCOME_PARAM, TRACKING_STATUS_PARAM } from './tracking-rules';

/**
 * Which query parameters each public page reads, in one place: the server's HTML cache
 * keys a page on these only (docs/decisions/0011-page-cache-keys-and-cache-misses.md), so
 * `?utm_source=…`, `?x=<random>` or a reordered query cannot make a new render. A page
 * that starts reading a parameter must list it here, or every value would share one cached
 * page. Values are normalised as the pages read them: the first occurrence, trimmed, empty
 * ones dropped, cut where the page cuts them.
 */
const WHOLE = Number.POSITIVE_INFINITY;
const PAGE_PARAMETERS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  // name -> the characters of its trimmed value the page reads (the catalogue cuts its search)
  [paths.products]: { search: 100, category: WHOLE, page: WHOLE },
  [paths.projects]: { categorie: WHOLE, page: WHOLE },
  [paths.offers]: { type: WHOLE, id: WHOLE, nombre: WHOLE },
  // The receipt is in the key so that a cached outcome page never answers for it; the page
  // that shows a receipt is private and never cached itself.
  [paths.submitProject]: {
    [OUTCOME_PARAM]: WHOLE,
    [STATUS_PARAM]: WHOLE,
    [FIELDS_PARAM]: WHOLE,
    [RECEIPT_PARAM]: WHOLE,
  },
  // An outcome of the /suivi form is private (never cached); listed so the cached plain form never answers for it.
  [paths.tracking]: {
    [TRACKING_OUTCOME_PARAM]: WHOLE,
    [TRACKING_STATUS_PARAM]: WHOLE,
    [TRACKING_FIELDS_PARAM]: WHOLE,
  },
  // A page with a draft is private (never cached, PageMeta.private); the others are our words only.
  [paths.contact]: {
    [CONTACT_OUTCOME_PARAM]: WHOLE,
    [CONTACT_STATUS_PARAM]: WHOLE,
    [CONTACT_FIELDS_PARAM]: WHOLE,
    [CONTACT_REFERENCE_PARAM]: WHOLE,
    [CONTACT_DRAFT_PARAM]: WHOLE,
  },
};

/** The URL a public page is cached under: its path and the parameters it reads, sorted. */
export function canonicalPageUrl(url: string): string {
  const query = url.indexOf('?');
  const pathname = query === -1 ? url : url.slice(0, query);
  const hash = pathname.indexOf('#');
  const path = hash === -1 ? pathname : pathname.slice(0, hash);
  const used = PAGE_PARAMETERS[path];
  if (query === -1 || !used) return path;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(url.slice(query + 1).split('#', 1)[0]);
  } catch {
    return path;
  }
  const kept = new URLSearchParams();
  for (const name of Object.keys(used).sort()) {
    const value = params.get(name)?.trim().slice(0, used[name]);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `${path}?${text}` : path;
}
