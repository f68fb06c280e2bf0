import type { Knex } from 'knex';
import type { PortfolioReader } from '#shared/readers/portfolio';
import { toProjectDetail } from '#server/features/projects/project-view';
import { allProjects, findProjectRow, projectImageRows } from '#server/features/projects/projects.repository';

export function portfolioReader(db: Knex): PortfolioReader {
  return {
    portfolioProjects: () => allProjects(db),
    async projectDetail(id) {
      const row = await findProjectRow(db, id);
      return row ? toProjectDetail(row, await projectImageRows(db, id)) : null;
    },
  };
}
