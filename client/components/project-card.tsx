import type { ProjectSummary } from '#shared/types';
import { paths } from '#shared/paths';
import { CARD_SIZES, ResponsiveImage } from './responsive-image';

/** What a project card shows (the portfolio island carries only these fields in its props). */
export type ProjectCardData = Pick<
  ProjectSummary,
  'id' | 'title' | 'description' | 'categories' | 'main_image'
>;

interface ProjectCardProps {
  project: ProjectCardData;
  /** 'Voir plus' on the home page, 'Voir les détails' on the portfolio (product rules, Pages and routes). */
  linkLabel: string;
  /** Position in its batch: the card rises 0.1 s after the previous one (product rules, Limits and constants). */
  index: number;
  /** h3 under a section heading (home), h2 right under the page's h1 (portfolio). */
  headingLevel?: 2 | 3;
  /** The first card of a page whose cards are the first view: loaded at once, not lazily. */
  priority?: boolean;
}

export function ProjectCard({
  project,
  linkLabel,
  index,
  headingLevel = 3,
  priority = false,
}: ProjectCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card" style={{ '--stagger': index } as React.CSSProperties}>
      <ResponsiveImage
        className="card-image"
        path={project.main_image}
        alt={project.title}
        width={640}
        height={427}
        sizes={CARD_SIZES}
        priority={priority}
      />
      <div className="card-body">
        {project.categories.length > 0 && <p className="badge">{project.categories.join(' · ')}</p>}
        <Heading>{project.title}</Heading>
        <p className="clamp-2">{project.description}</p>
        {/* A plain link wherever the card is: in the portfolio's island its click is not held
            back for the island's first use (client/lib/first-use.ts). */}
        <a className="link-arrow" href={paths.project(project.id)} data-navigates="">
          {linkLabel}
        </a>
      </div>
    </article>
  );
}
