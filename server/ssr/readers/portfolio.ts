import type { Knex } from 'knex';
import type { PortfolioReader } from '#shared/readers/portfolio';
import { toProjectDetail } from '#server/features/projects/project-view';
import { publicAt, type Visibility } from '#server/db/visibility';
import { allProjects, findProjectRow, projectImageRows } from '#server/features/projects/projects.repository';

export function portfolioReader(db: Knex, visibility: () => Visibility = publicAt): PortfolioReader {
  return {
    portfolioProjects: () => allProjects(db, visibility()),
    async projectDetail(id) {
      const row = await findProjectRow(db, id, visibility());
      return row ? toProjectDetail(row, await projectImageRows(db, id)) : null;
    },
  };
}
