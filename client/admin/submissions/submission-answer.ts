import type { ProjectSubmission, SubmissionStats } from '#shared/types';

/**
 * GET /admin/project-submissions answers `{ success, data: { data, current_page,
 * last_page, ... }, stats }` (product rules, API). Anything else is "Format de données
 * incorrect reçu du serveur" (product rules, Messages and errors): null here, a warning for the screen.
 */
export interface SubmissionPage {
  rows: ProjectSubmission[];
  page: number;
  lastPage: number;
  total: number;
  from: number | null;
  to: number | null;
  /** Null when the answer carried no usable counts (the tiles then show a dash). */
  stats: SubmissionStats | null;
}

const STAT_KEYS = [
  'total',
  'new',
  'contacted',
  'quoted',
  'approved',
  'rejected',
] as const satisfies readonly (keyof SubmissionStats)[];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const wholeNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

function readStats(value: unknown): SubmissionStats | null {
  if (!isRecord(value) || !STAT_KEYS.every((key) => wholeNumber(value[key]))) return null;
  return Object.fromEntries(STAT_KEYS.map((key) => [key, value[key]])) as unknown as SubmissionStats;
}

/** A row the table can show without failing: an id and the texts it prints. */
function isSubmission(value: unknown): value is ProjectSubmission {
  return (
    isRecord(value) &&
    typeof value.id === 'number' &&
    typeof value.first_name === 'string' &&
    typeof value.status === 'string'
  );
}

export function readSubmissionPage(answer: unknown): SubmissionPage | null {
  if (!isRecord(answer) || !isRecord(answer.data)) return null;
  const page = answer.data;
  if (!Array.isArray(page.data) || !page.data.every(isSubmission)) return null;
  const rows = page.data;
  const current = wholeNumber(page.current_page) && page.current_page > 0 ? page.current_page : 1;
  const last = wholeNumber(page.last_page) && page.last_page > 0 ? page.last_page : current;
  return {
    rows,
    page: current,
    lastPage: last,
    total: wholeNumber(page.total) ? page.total : rows.length,
    from: wholeNumber(page.from) ? page.from : null,
    to: wholeNumber(page.to) ? page.to : null,
    stats: readStats(answer.stats),
  };
}
