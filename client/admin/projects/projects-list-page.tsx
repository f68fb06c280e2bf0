import { useMemo } from 'react';
import { projectMessages } from '#shared/schemas/project';
import type { ProjectSummary } from '#shared/types';
import { formatDate } from '#shared/format';
import { paths } from '#shared/paths';
import {
  ListScreen,
  rowActionsColumn,
  thumbnailColumn,
  useAdminList,
  useListScreen,
  type Column,
} from '#client/admin/kit';
import { ProjectStatusBadge } from './project-status-badge';
import './projects.css';

/** Product rules, Back-office lists: projects filter on title or numéro. */
const searchText = (project: ProjectSummary) => [project.title, project.numéro];

/** 'Projets' (product rules, Pages and routes; product rules, Messages and errors for its messages). */
export function Component() {
  const list = useAdminList<ProjectSummary>('/projects', 'Erreur lors du chargement des projets');
  const screen = useListScreen(list, searchText, {
    path: (project) => `/projects/${project.id}`,
    label: (project) => project.title,
    successDescription: projectMessages.deleted,
    failureTitle: 'Erreur lors de la suppression du projet',
  });
  const { requestRemove } = screen;

  const columns = useMemo<Column<ProjectSummary>[]>(
    () => [
      thumbnailColumn((project) => project.main_image),
      { header: 'Titre', cell: (project) => project.title },
      { header: 'Date', cell: (project) => formatDate(project.date), className: 'num' },
      { header: 'Numéro', cell: (project) => project.numéro },
      { header: 'Statut', cell: (project) => <ProjectStatusBadge status={project.status} /> },
      rowActionsColumn((project) => ({
        label: project.title,
        viewHref: paths.project(project.id),
        viewInNewTab: true,
        editTo: paths.adminProjectEdit(project.id),
        onDelete: () => requestRemove(project),
      })),
    ],
    [requestRemove],
  );

  return (
    <ListScreen
      title="Projets"
      lead="Les réalisations présentées dans le portfolio."
      newTo={paths.adminProjectNew}
      newLabel="Nouveau projet"
      searchLabel="Rechercher un projet (titre ou numéro)"
      searchPlaceholder="Titre ou numéro"
      list={list}
      screen={screen}
      empty="Aucun projet trouvé"
      columns={columns}
      rowKey={(project) => project.id}
    />
  );
}
