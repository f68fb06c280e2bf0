import { useMemo } from 'react';
import { PROJECTS_ADMIN_PER_PAGE, projectMessages } from '#shared/schemas/project';
import type { ProjectSummary } from '#shared/types';
import { formatDate } from '#shared/format';
import { paths } from '#shared/paths';
import {
  FilterSelect,
  PUBLICATION_FILTER_OPTIONS,
  PagedListScreen,
  trashBulkAction,
  publicationColumn,
  rowActionsColumn,
  serverListCodec,
  serverListLoader,
  thumbnailColumn,
  useCan,
  useServerListScreen,
  type BulkAction,
  type Column,
} from '#client/admin/kit';
import { ProjectStatusBadge } from './project-status-badge';
import './projects.css';

/** The state's filter keeps its URL name, `?etat=`; the API reads it as `publication`. */
const codec = serverListCodec({ sort: '-created_at', filters: { etat: '' }, api: { etat: 'publication' } });
const load = serverListLoader<ProjectSummary, { etat: string }>('/admin/projects', codec);
const rowKey = (project: ProjectSummary) => project.id;
const labelOf = (project: ProjectSummary) => project.title;

/** docs/product-rules.md, "Bulk actions": for the roles that write the content. */
const ACTIONS: BulkAction[] = [
  {
    action: 'publish',
    label: 'Publier',
    access: 'catalogue',
    question: (count) => `Publier ${count} maintenant ?`,
    description: 'Un projet programmé est publié tout de suite.',
  },
  {
    action: 'unpublish',
    label: 'Dépublier',
    access: 'catalogue',
    question: (count) => `Repasser ${count} en brouillon ?`,
    description: 'Ils disparaissent du portfolio jusqu’à leur publication.',
  },
  trashBulkAction('catalogue'),
];
const BULK = {
  path: '/admin/projects/bulk',
  noun: ['projet', 'projets'] as const,
  labelOf,
  actions: ACTIONS,
};

/**
 * 'Projets' (product rules, Pages and routes; product rules, Messages and errors for its
 * messages), read page by page from the server (docs/product-rules.md, "Lists of the back
 * office"): searched on the title or the numéro, sorted on a header's click, filtered by state.
 */
export function Component() {
  const mayWrite = useCan('catalogue');
  const { query, requestRemove, screen } = useServerListScreen({
    codec,
    load,
    perPage: PROJECTS_ADMIN_PER_PAGE,
    errorMessage: 'Erreur lors du chargement des projets',
    remove: {
      path: (project) => `/projects/${project.id}`,
      trashKind: 'project',
      label: labelOf,
      successDescription: projectMessages.deleted,
      failureTitle: 'Erreur lors de la suppression du projet',
    },
    ...(mayWrite ? { bulk: BULK } : {}),
  });
  const { setQuery } = query;

  const columns = useMemo<Column<ProjectSummary>[]>(
    () => [
      thumbnailColumn((project) => project.main_image),
      { header: 'Titre', sort: 'title', cell: (project) => project.title },
      { header: 'Date', sort: 'date', cell: (project) => formatDate(project.date), className: 'num' },
      { header: 'Numéro', sort: 'numero', cell: (project) => project.numéro },
      { header: 'Statut', sort: 'status', cell: (project) => <ProjectStatusBadge status={project.status} /> },
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
      toolbar={
        <FilterSelect
          label="État"
          value={query.query.etat}
          onChange={(etat) => setQuery({ etat })}
          allLabel="Tous"
          options={PUBLICATION_FILTER_OPTIONS}
        />
      }
    />
  );
}
