import type { ProjectDetail } from '#shared/types';
import {
  toProjectImage,
  toProjectSummary,
  type ProjectImageRow,
  type ProjectRow,
} from './projects.repository';

/** GET /projects/{id} (product rules, Entities): the summary, the texts, the two image lists. */
export function toProjectDetail(row: ProjectRow, images: readonly ProjectImageRow[]): ProjectDetail {
  const ofKind = (kind: ProjectImageRow['kind']) =>
    images.filter((image) => image.kind === kind).map(toProjectImage);
  return {
    ...toProjectSummary(row),
    long_description: row.long_description ?? null,
    challenges: row.challenges ?? null,
    materials: row.materials ?? null,
    architectural_renders: ofKind('render'),
    project_images: ofKind('project'),
  };
}
