import { Router } from 'express';
import { z } from 'zod';
import {
  phoneSearchDigits,
  SEARCH_QUERY_MAX,
  SEARCH_QUERY_MIN,
  searchMessages,
  type SearchAnswer,
} from '#shared/admin-search';
import { searchField } from '#shared/list-query';
import { can } from '#shared/roles';
import type { AuthDeps } from '#server/features/auth';
import { noStore } from '#server/http/no-store';
import { parseInput } from '#server/http/parse-input';
import { authOf, requireUser } from '#server/http/require-auth';
import { kindsFor, searchKind } from './search-kinds';

const searchQuerySchema = z.object({ q: searchField(SEARCH_QUERY_MAX, searchMessages.tooLong) });

/**
 * GET /api/admin/search?q= (docs/product-rules.md, "Search across the back office"): every
 * signed-in staff member may search, and finds only the kinds its role reads
 * (SEARCH_KIND_ACCESS, the accesses guarding those kinds' own lists). `q` is trimmed; under
 * SEARCH_QUERY_MIN characters it finds nothing, over SEARCH_QUERY_MAX it is a 422. The
 * answer holds the clients' personal data: no cache keeps it.
 */
export function searchRoutes(deps: AuthDeps): Router {
  const router = Router();
  router.get('/admin/search', requireUser(deps), noStore, async (req, res) => {
    const { q } = parseInput(searchQuerySchema, req.query);
    const answer: SearchAnswer = { results: [] };
    if (q.length >= SEARCH_QUERY_MIN) {
      const terms = { text: q, phoneDigits: phoneSearchDigits(q) };
      const role = authOf(res).user.role;
      const found = await Promise.all(
        kindsFor((access) => can(role, access)).map((spec) => searchKind(deps.db, spec, terms)),
      );
      answer.results = found.flat();
    }
    res.json(answer);
  });
  return router;
}
