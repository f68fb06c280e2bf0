import type { RevisionKindHandler } from '#server/features/revisions';
import { projectSnapshot } from './project-version';
import { projectService, type ProjectServiceDeps } from './projects.service';

/** Projects in the revisions (docs/decisions/0040-revisions.md): listed by revision-kinds. */
export function projectRevisions(deps: ProjectServiceDeps): RevisionKindHandler {
  const service = projectService(deps);
  return { kind: 'project', snapshot: projectSnapshot, restore: service.restore };
}
