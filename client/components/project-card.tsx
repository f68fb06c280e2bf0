import type { ProjectSummary } from '../../shared/types';
import { paths } from '../lib/paths';
import { CARD_SIZES, ResponsiveImage } from './responsive-image';

export function ProjectCard({ project, linkLabel, index }: { project: ProjectSummary; linkLabel: string; index: number }) {
  return (
    <article className="card" style={{ '--stagger': index } as React.CSSProperties}>
      <ResponsiveImage className="card-image" path={project.main_image} alt={project.title} width={640} height={427} sizes={CARD_SIZES} />
      <div className="card-body">
        <p className="badge">{project.category}</p>
        <h3>{project.title}</h3>
        <p className="clamp-2">{project.description}</p>
        <a className="link-arrow" href={paths.project(project.id)}>
          {linkLabel}
        </a>
      </div>
    </article>
  );
}
