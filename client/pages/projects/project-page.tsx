import {
  data,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
  type LoaderFunctionArgs,
} from 'react-router-dom';
import { projectMessages } from '#shared/schemas/project';
import type { ProjectDetail } from '#shared/types';
import { ResponsiveImage } from '#client/components/responsive-image';
import ProjectGallery from '#client/islands/project-gallery';
import { formatDate } from '#shared/format';
import { pageContext } from '#shared/page-context';
import type { RouteHandle } from '#shared/page-meta';
import { paths } from '#shared/paths';
import { ProjectImageGrid } from './project-image-grid';

/** Product rules, Messages and errors: the detail's failure reads 'Erreur lors du chargement du projet : {message}'. */
const LOAD_ERROR = 'Erreur lors du chargement du projet : ';
/** Main picture: the content column's width, at most the container's 75rem. */
const MAIN_IMAGE_SIZES = '(min-width: 77rem) 75rem, calc(100vw - 2rem)';
/** Ids are positive whole numbers the database can hold; anything else is not a project. */
const PROJECT_ID = /^[1-9]\d{0,8}$/;

export async function loader(args: LoaderFunctionArgs) {
  const raw = args.params.projectId ?? '';
  const project = PROJECT_ID.test(raw) ? await pageContext(args).projectDetail(Number(raw)) : null;
  // A value, not a thrown response: a missing project is an answer, not a server error to log.
  if (!project) return data({ project: null }, { status: 404 });
  return { project };
}

type LoaderData = { project: ProjectDetail | null } | undefined;

/** First sentence-sized part of a text, for the description meta tag. */
function summary(text: string, max = 160): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export const handle: RouteHandle<LoaderData> = {
  styles: ['portfolio'],
  meta: ({ site, data: loaded }) => {
    const project = loaded?.project;
    if (!project) {
      const title = loaded ? projectMessages.notFound : 'Erreur lors du chargement du projet';
      return { title: `${title} — ${site.name}`, description: title, noindex: true };
    }
    return {
      title: `${project.title} — ${site.name}`,
      description: summary(project.description),
      image:
        project.main_image ??
        project.architectural_renders[0]?.image ??
        project.project_images[0]?.image ??
        null,
    };
  },
};

function LoadError({ message }: { message: string }) {
  return (
    <section className="container not-found">
      <h1>{`${LOAD_ERROR}${message}`}</h1>
      <a className="btn btn-primary" href={paths.projects}>
        Retour aux projets
      </a>
    </section>
  );
}

/** Long texts keep the paragraphs their author typed (blank lines). */
function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part, i) => (
          <p key={i}>{part}</p>
        ))}
    </>
  );
}

function Gallery({ project }: { project: ProjectDetail }) {
  const { architectural_renders: renders, project_images: photos, title } = project;
  if (renders.length > 0 && photos.length > 0)
    return <ProjectGallery projectTitle={title} renders={renders} photos={photos} />;
  // One set alone needs no toggle, hence no script: its heading names it.
  const [label, images] =
    renders.length > 0 ? ['Rendus Architecturaux', renders] : ['Images de Projet', photos];
  if (images.length === 0) return null;
  return (
    <section className="gallery-set" aria-labelledby="gallery-title">
      <h2 id="gallery-title">
        {label} ({images.length})
      </h2>
      <ProjectImageGrid images={images} projectTitle={title} />
    </section>
  );
}

function InfoBox({ project }: { project: ProjectDetail }) {
  return (
    <aside className="info-box" aria-labelledby="info-title">
      <h2 id="info-title">Informations</h2>
      <dl>
        <dt>Numéro</dt>
        <dd>{project.numéro}</dd>
        <dt>Catégorie</dt>
        <dd>{project.categories.join(', ') || 'Non renseignée'}</dd>
        <dt>Statut</dt>
        <dd>{project.status}</dd>
        {project.date && (
          <>
            <dt>Date</dt>
            <dd>{formatDate(project.date)}</dd>
          </>
        )}
      </dl>
    </aside>
  );
}

export function Component() {
  const { project } = useLoaderData() as { project: ProjectDetail | null };
  if (!project) return <LoadError message={projectMessages.notFound} />;
  const hasGallery = project.architectural_renders.length + project.project_images.length > 0;

  return (
    <article className="section container project">
      <a className="back-link" href={paths.projects}>
        Retour aux projets
      </a>
      <h1>{project.title}</h1>
      {project.main_image && (
        <ResponsiveImage
          className="project-main-image"
          path={project.main_image}
          alt={project.title}
          width={1280}
          height={853}
          sizes={MAIN_IMAGE_SIZES}
          priority
        />
      )}
      {hasGallery ? (
        <Gallery project={project} />
      ) : (
        !project.main_image && <p className="empty visual-placeholder">Contenu visuel à venir</p>
      )}
      <div className="project-layout">
        <div>
          <h2>Description</h2>
          <p>{project.description}</p>
          {project.long_description && <Paragraphs text={project.long_description} />}
          {project.challenges && (
            <>
              <h2>Défis relevés</h2>
              <Paragraphs text={project.challenges} />
            </>
          )}
          {project.materials && (
            <>
              <h2>Matériaux</h2>
              <Paragraphs text={project.materials} />
            </>
          )}
        </div>
        <InfoBox project={project} />
      </div>
      <section className="note cta" aria-labelledby="project-cta">
        <h2 id="project-cta">Un projet similaire ?</h2>
        <p>Décrivez-nous votre projet : notre équipe vous recontacte sous 48h.</p>
        <a className="btn btn-primary" href={paths.submitProject}>
          Soumettre un projet
        </a>
      </section>
    </article>
  );
}

/** The database failed (the loader threw): the product rules' wording with the HTTP status. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <LoadError message={`Erreur HTTP ${status}`} />;
}
