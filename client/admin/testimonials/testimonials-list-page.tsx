import { useMemo } from 'react';
import { imageUrl } from '#shared/image-url';
import { imageVariants } from '#shared/image-variants';
import { TESTIMONIALS_ADMIN_PER_PAGE, testimonialMessages } from '#shared/schemas/testimonial';
import type { Testimonial } from '#shared/types';
import { formatDate } from '#shared/format';
import { paths } from '#shared/paths';
import {
  FilterSelect,
  PagedListScreen,
  trashBulkAction,
  rowActionsColumn,
  serverListCodec,
  serverListLoader,
  useCan,
  useServerListScreen,
  type BulkAction,
  type Column,
} from '#client/admin/kit';
import { PublicationToggle } from './publication-toggle';
import './testimonials.css';

/**
 * The latest given first. The state's filter is `?etat=` as on the other content lists, read
 * by the API as `publication` on the `published` flag: 'draft' is an unpublished testimonial.
 */
const codec = serverListCodec({ sort: '-date', filters: { etat: '' }, api: { etat: 'publication' } });
const load = serverListLoader<Testimonial, { etat: string }>('/admin/testimonials', codec);
const rowKey = (testimonial: Testimonial) => testimonial.id;
const labelOf = (testimonial: Testimonial) => testimonial.clientName;

/** The state filter's choices, in the words of the list's 'Sur le site' column. */
const STATE_OPTIONS = [
  { value: 'draft', label: 'Non publiés' },
  { value: 'scheduled', label: 'Programmés' },
  { value: 'published', label: 'Publiés' },
] as const;

/** docs/product-rules.md, "Bulk actions": the toggle's two actions, and the trash. */
const ACTIONS: BulkAction[] = [
  {
    action: 'publish',
    label: 'Publier',
    access: 'catalogue',
    question: (count) => `Publier ${count} sur le site ?`,
    description: 'Ils paraîtront sur l’accueil et la page À propos.',
  },
  {
    action: 'unpublish',
    label: 'Retirer du site',
    access: 'catalogue',
    question: (count) => `Retirer ${count} du site ?`,
    description: 'Ils ne paraîtront plus sur le site.',
  },
  trashBulkAction('catalogue'),
];
const BULK = {
  path: '/admin/testimonials/bulk',
  noun: ['témoignage', 'témoignages'] as const,
  labelOf,
  actions: ACTIONS,
};

/** The photo's smallest variant (320 px), drawn at 64 px: a list never loads a full picture. */
function Thumbnail({ testimonial }: { testimonial: Testimonial }) {
  if (!testimonial.photo) return <span className="muted">Aucune</span>;
  const [smallest] = imageVariants(testimonial.photo);
  return (
    <img
      className="testimonial-thumb"
      src={imageUrl(smallest?.path ?? testimonial.photo)}
      alt={`Photo de ${testimonial.clientName}`}
      width={64}
      height={48}
      loading="lazy"
    />
  );
}

/**
 * 'Témoignages' (docs/product-rules.md, "Testimonials"): every testimonial, the latest
 * first, unpublished ones included and marked, since the public pages show only the
 * published ones; read page by page from the server (docs/product-rules.md, "Lists of the
 * back office"), searched on the client, the town and the project.
 */
export function Component() {
  const mayWrite = useCan('catalogue');
  const { list, query, requestRemove, screen } = useServerListScreen({
    codec,
    load,
    perPage: TESTIMONIALS_ADMIN_PER_PAGE,
    errorMessage: 'Erreur lors du chargement des témoignages',
    remove: {
      path: (testimonial) => `/testimonials/${testimonial.id}`,
      trashKind: 'testimonial',
      label: labelOf,
      successDescription: testimonialMessages.deleted,
      failureTitle: 'Erreur lors de la suppression du témoignage',
    },
    ...(mayWrite ? { bulk: BULK } : {}),
  });
  const { setQuery } = query;
  // A toggled row may leave the filtered list ('Non publiés'): the page is read again.
  const { reload } = list;

  const columns = useMemo<Column<Testimonial>[]>(
    () => [
      { header: 'Photo', cell: (testimonial) => <Thumbnail testimonial={testimonial} /> },
      { header: 'Client', sort: 'client_name', cell: (testimonial) => testimonial.clientName },
      { header: 'Ville', sort: 'town', cell: (testimonial) => testimonial.town },
      { header: 'Projet', cell: (testimonial) => testimonial.projectType },
      { header: 'Date', sort: 'date', cell: (testimonial) => formatDate(testimonial.date), className: 'num' },
      {
        header: 'Sur le site',
        cell: (testimonial) => <PublicationToggle testimonial={testimonial} onSaved={reload} />,
      },
      rowActionsColumn(
        (testimonial) => ({
          label: testimonial.clientName,
          editTo: paths.adminTestimonialEdit(testimonial.id),
          onDelete: () => requestRemove(testimonial),
        }),
        { access: 'catalogue', view: false },
      ),
    ],
    [requestRemove, reload],
  );

  return (
    <PagedListScreen
      {...screen}
      title="Témoignages"
      lead="Les mots de vos clients : seuls les témoignages publiés paraissent sur l’accueil et la page À propos."
      newAccess="catalogue"
      newTo={paths.adminTestimonialNew}
      newLabel="Nouveau témoignage"
      search={{ label: 'Rechercher un témoignage' }}
      empty="Aucun témoignage trouvé"
      columns={columns}
      rowKey={rowKey}
      toolbar={
        <FilterSelect
          label="État"
          value={query.query.etat}
          onChange={(etat) => setQuery({ etat })}
          allLabel="Tous"
          options={STATE_OPTIONS}
        />
      }
    />
  );
}
