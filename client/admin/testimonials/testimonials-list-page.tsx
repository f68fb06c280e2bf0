import { useCallback, useMemo } from 'react';
import { imageUrl } from '#shared/image-url';
import { imageVariants } from '#shared/image-variants';
import { testimonialMessages } from '#shared/schemas/testimonial';
import type { Testimonial } from '#shared/types';
import { formatDate } from '#shared/format';
import { paths } from '#shared/paths';
import {
  PagedListScreen,
  rowActionsColumn,
  searchRows,
  useWholeList,
  useWholeListScreen,
  type Column,
  type ListQuery,
} from '#client/admin/kit';
import { PublicationToggle } from './publication-toggle';
import './testimonials.css';

/** The list filters on what the staff remember of a testimonial: who, where, what. */
const searchText = (testimonial: Testimonial) => [
  testimonial.clientName,
  testimonial.town,
  testimonial.projectType,
];
const rowKey = (testimonial: Testimonial) => testimonial.id;
const select = (all: Testimonial[], query: ListQuery) => searchRows(all, query.search, searchText);

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
 * published ones.
 */
export function Component() {
  const whole = useWholeList('/testimonials', select);
  const { requestRemove, screen } = useWholeListScreen(whole, {
    errorMessage: 'Erreur lors du chargement des témoignages',
    remove: {
      path: (testimonial) => `/testimonials/${testimonial.id}`,
      trashKind: 'testimonial',
      label: (testimonial) => testimonial.clientName,
      successDescription: testimonialMessages.deleted,
      failureTitle: 'Erreur lors de la suppression du témoignage',
    },
  });
  const { setItems } = whole;
  const replaceRow = useCallback(
    (saved: Testimonial) => setItems((rows) => rows.map((row) => (row.id === saved.id ? saved : row))),
    [setItems],
  );

  const columns = useMemo<Column<Testimonial>[]>(
    () => [
      { header: 'Photo', cell: (testimonial) => <Thumbnail testimonial={testimonial} /> },
      { header: 'Client', cell: (testimonial) => testimonial.clientName },
      { header: 'Ville', cell: (testimonial) => testimonial.town },
      { header: 'Projet', cell: (testimonial) => testimonial.projectType },
      { header: 'Date', cell: (testimonial) => formatDate(testimonial.date), className: 'num' },
      {
        header: 'Sur le site',
        cell: (testimonial) => <PublicationToggle testimonial={testimonial} onSaved={replaceRow} />,
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
    [requestRemove, replaceRow],
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
    />
  );
}
