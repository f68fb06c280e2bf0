import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { testimonialMessages } from '#shared/schemas/testimonial';
import type { Testimonial } from '#shared/types';
import { ItemLoadState, PageHeader, useAdminItem, RevisionHistory } from '#client/admin/kit';
import { TestimonialForm } from './testimonial-form';
import { testimonialToValues } from './testimonial-form-values';

const NEW_TITLE = 'Nouveau témoignage';
const EDIT_TITLE = 'Modifier le témoignage';

/**
 * /admin/testimonials/new and /admin/testimonials/edit/{testimonialId}: editing loads the
 * testimonial (the administrator's token also reaches unpublished ones) and says
 * 'Témoignage non trouvé' when it cannot.
 */
export function Component() {
  const { testimonialId } = useParams();
  if (testimonialId === undefined) {
    return (
      <>
        <PageHeader title={NEW_TITLE} />
        <TestimonialForm title={NEW_TITLE} />
      </>
    );
  }
  return <EditTestimonial key={testimonialId} testimonialId={testimonialId} />;
}

function EditTestimonial({ testimonialId }: { testimonialId: string }) {
  // A restored version loads the testimonial again, into a new form (docs/product-rules.md, "Revisions").
  const [round, setRound] = useState(0);
  const loaded = useAdminItem<Testimonial>(`/testimonials/${encodeURIComponent(testimonialId)}`, { round });

  if (loaded.status !== 'ready')
    return <ItemLoadState state={loaded} title={EDIT_TITLE} notFound={testimonialMessages.notFound} />;
  return (
    <>
      <PageHeader title={EDIT_TITLE} lead={loaded.item.clientName}>
        <RevisionHistory kind="testimonial" id={loaded.item.id} onRestored={() => setRound((n) => n + 1)} />
      </PageHeader>
      <TestimonialForm
        key={round}
        title={EDIT_TITLE}
        testimonial={loaded.item}
        loaded={testimonialToValues(loaded.item)}
      />
    </>
  );
}
