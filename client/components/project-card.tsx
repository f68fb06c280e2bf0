import type { ProjectSummary } from '../../shared/types';
import { imageUrl } from '../lib/image-url';
import { paths } from '../lib/paths';

export function ProjectCard({ project, linkLabel, index }: { project: ProjectSummary; linkLabel: string; index: number }) {
  return (
    <article className="card" style={{ '--stagger': index } as React.CSSProperties}>
      <img className="card-image" src={imageUrl(project.main_image)} alt={project.title} width={640} height={427} loading="lazy" decoding="async" />
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
