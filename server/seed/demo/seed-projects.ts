import { moreProjects } from '#server/seed/content/projects-more';
import { sampleProjects } from '#server/seed/content/projects-samples';
import type { ProjectContent } from '#server/seed/content/types';
import type { ImageRequest } from '#server/seed/demo-images';
import { insertProjects, type ProjectRow } from '#server/seed/project-rows';
import { dateTimeFrom, type SeedContext } from '#server/seed/seed-context';
import { seedWhenEmpty } from '#server/seed/seed-step';

// The samples first (ids 1, 2, 3), then the older portfolio entries.
export const demoProjects: readonly ProjectContent[] = [...sampleProjects, ...moreProjects];

/**
 * Creation instants: the three samples are the most recent rows (the home page shows the
 * most recent projects, product rules), the others were entered weeks before.
 */
function createdDaysAgo(index: number): number {
  return index < sampleProjects.length ? 3 - index : 30 + index * 10;
}

export function seedProjects(ctx: SeedContext): Promise<number> {
  return seedWhenEmpty(ctx, 'projects', 'Projets', async () => {
    const requests: ImageRequest[] = demoProjects.flatMap((p) => [
      { drawing: p.mainImage, kind: 'projects' },
      ...p.renders.map((r) => ({ drawing: r.image, kind: 'projects' as const })),
      ...p.images.map((r) => ({ drawing: r.image, kind: 'projects' as const })),
    ]);
    const stored = await ctx.images.storeAll(requests);
    let cursor = 0;
    const rows: ProjectRow[] = demoProjects.map((project, i) => ({
      title: project.title,
      numero: project.numero,
      date: project.date,
      status: project.status,
      description: project.description,
      long_description: project.longDescription,
      categories: project.categories,
      main_image: stored[cursor++]!,
      challenges: project.challenges,
      materials: project.materials,
      created_at: dateTimeFrom(ctx.now, -createdDaysAgo(i)),
      images: [
        ...project.renders.map((r) => ({
          kind: 'render' as const,
          image: stored[cursor++]!,
          description: r.description,
        })),
        ...project.images.map((r) => ({
          kind: 'project' as const,
          image: stored[cursor++]!,
          description: r.description,
        })),
      ],
    }));
    await ctx.knex.transaction((trx) => insertProjects(trx, rows));
    return rows.length;
  });
}
