import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { projectMessages } from '#shared/schemas/project';
import type { ProjectSummary } from '#shared/types';
import { formatDate } from '#shared/format';
import { paths } from '#shared/paths';
import {
  DataTable,
  ListStates,
  PageHeader,
  SearchBox,
  useAdminList,
  useDelete,
  useSearch,
  type Column,
} from '#client/admin/kit';
import { ProjectStatusBadge } from './project-status-badge';
import './projects.css';

/** Product rules, Validation, "Admin list behaviour": projects filter on title or numéro. */
const searchText = (project: ProjectSummary) => [project.title, project.numéro];

/** 'Projets' (product rules, Pages and routes, "Projects list"; product rules, Messages and errors for its messages). */
export function Component() {
  const list = useAdminList<ProjectSummary>('/projects', 'Erreur lors du chargement des projets');
  const [query, setQuery] = useState('');
  const { results, pending } = useSearch(list.items, query, searchText);
  const remove = useDelete<ProjectSummary>({
    path: (project) => `/projects/${project.id}`,
    label: (project) => project.title,
    successDescription: projectMessages.deleted,
    failureTitle: 'Erreur lors de la suppression du projet',
    onDeleted: list.reload,
  });
  const { request: requestRemove } = remove;

  const columns = useMemo<Column<ProjectSummary>[]>(
    () => [
      { header: 'Titre', cell: (project) => project.title },
      { header: 'Date', cell: (project) => formatDate(project.date), className: 'num' },
      { header: 'Numéro', cell: (project) => project.numéro },
      { header: 'Statut', cell: (project) => <ProjectStatusBadge status={project.status} /> },
      {
        header: 'Actions',
        className: 'actions',
        cell: (project) => (
          <div className="row-actions">
            {/* The public page (a server-rendered document, not a back-office route). */}
            <a
              className="btn btn-outline btn-small"
              href={paths.project(project.id)}
              target="_blank"
              rel="noopener"
              aria-label={`Voir ${project.title} (nouvel onglet)`}
            >
              Voir
            </a>
            <Link
              className="btn btn-outline btn-small"
              to={paths.adminProjectEdit(project.id)}
              aria-label={`Modifier ${project.title}`}
            >
              Modifier
            </Link>
            <button
              type="button"
              className="btn btn-danger btn-small"
              onClick={() => requestRemove(project)}
              aria-label={`Supprimer ${project.title}`}
            >
              Supprimer
            </button>
          </div>
        ),
      },
    ],
    [requestRemove],
  );

  return (
    <>
      <PageHeader
        title="Projets"
        lead="Les réalisations présentées dans le portfolio."
        newTo={paths.adminProjectNew}
        newLabel="Nouveau projet"
      />
      <div className="list-toolbar">
        <SearchBox
          value={query}
          onChange={setQuery}
          label="Rechercher un projet (titre ou numéro)"
          placeholder="Titre ou numéro"
        />
      </div>
      <ListStates
        status={list.status}
        error={list.error}
        onRetry={list.reload}
        isEmpty={results.length === 0}
        empty="Aucun projet trouvé"
      >
        <DataTable
          caption="Projets"
          columns={columns}
          rows={results}
          rowKey={(project) => project.id}
          stale={pending}
        />
      </ListStates>
      {remove.dialog}
    </>
  );
}
