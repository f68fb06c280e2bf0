import { useMemo } from 'react';
import { projectMessages } from '#shared/schemas/project';
import type { ProjectSummary } from '#shared/types';
import { formatDate } from '#shared/format';
import { paths } from '#shared/paths';
import {
  PagedListScreen,
  publicationColumn,
  rowActionsColumn,
  searchRows,
  thumbnailColumn,
  useWholeList,
  usePublicationFilter,
  useWholeListScreen,
  type Column,
  type ListQuery,
} from '#client/admin/kit';
import { ProjectStatusBadge } from './project-status-badge';
import './projects.css';

/** Product rules, Back-office lists: projects filter on title or numéro. */
const searchText = (project: ProjectSummary) => [project.title, project.numéro];
const select = (all: ProjectSummary[], query: ListQuery) => searchRows(all, query.search, searchText);
const rowKey = (project: ProjectSummary) => project.id;

/** 'Projets' (product rules, Pages and routes; product rules, Messages and errors for its messages). */
export function Component() {
  // The state is filtered by the API (`publication`): its source changes with the choice.
  const publication = usePublicationFilter();
  const whole = useWholeList(publication.path('/projects'), select);
  const { requestRemove, screen } = useWholeListScreen(whole, {
    errorMessage: 'Erreur lors du chargement des projets',
    remove: {
      path: (project) => `/projects/${project.id}`,
      trashKind: 'project',
      label: (project) => project.title,
      successDescription: projectMessages.deleted,
      failureTitle: 'Erreur lors de la suppression du projet',
    },
  });

  const columns = useMemo<Column<ProjectSummary>[]>(
    () => [
      thumbnailColumn((project) => project.main_image),
      { header: 'Titre', cell: (project) => project.title },
      { header: 'Date', cell: (project) => formatDate(project.date), className: 'num' },
      { header: 'Numéro', cell: (project) => project.numéro },
      { header: 'Statut', cell: (project) => <ProjectStatusBadge status={project.status} /> },
      publicationColumn((project) => project),
      rowActionsColumn(
        (project) => ({
          label: project.title,
          viewHref: paths.project(project.id),
          viewInNewTab: true,
          editTo: paths.adminProjectEdit(project.id),
          onDelete: () => requestRemove(project),
        }),
        { access: 'catalogue' },
      ),
    ],
    [requestRemove],
  );

  return (
    <PagedListScreen
      {...screen}
      title="Projets"
      lead="Les réalisations présentées dans le portfolio."
      newAccess="catalogue"
      newTo={paths.adminProjectNew}
      newLabel="Nouveau projet"
      search={{ label: 'Rechercher un projet (titre ou numéro)', placeholder: 'Titre ou numéro' }}
      empty="Aucun projet trouvé"
      columns={columns}
      rowKey={rowKey}
      toolbar={publication.control}
    />
  );
}
