import { useState } from 'react';
import { testimonialMessages } from '#shared/schemas/testimonial';
import type { Testimonial } from '#shared/types';
import { adminApi, failureText, isSessionEnd, PublicationBadge, toast, useCan } from '#client/admin/kit';

/**
 * The list's 'Sur le site' cell: the testimonial's state and the one click that changes it
 * (PATCH /testimonials/{id}/published), without opening the form. `onSaved` gets the
 * testimonial as the server answered it. A role that only reads the content sees the state
 * without the button.
 */
export function PublicationToggle({
  testimonial,
  onSaved,
}: {
  testimonial: Testimonial;
  onSaved: (saved: Testimonial) => void;
}) {
  const [busy, setBusy] = useState(false);
  const mayPublish = useCan('catalogue');
  const next = !testimonial.published;

  async function toggle() {
    setBusy(true);
    try {
      const saved = await adminApi<{ data: Testimonial }>(`/testimonials/${testimonial.id}/published`, {
        method: 'PATCH',
        json: { published: next },
      });
      onSaved(saved.data);
      toast(
        saved.data.published
          ? { title: 'Témoignage publié', description: testimonialMessages.published }
          : { title: 'Témoignage retiré du site', description: testimonialMessages.unpublished },
      );
    } catch (error) {
      // The session's end has its own toast and sign-in (the kit's adminApi).
      if (isSessionEnd(error)) return;
      toast({
        title: 'Erreur',
        description: failureText(error, testimonialMessages.saveFailed),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="publication">
      {testimonial.published ? (
        // 'Programmé' while its `publish_at` is still to come, the moment in the tooltip.
        <PublicationBadge publication="published" publishAt={testimonial.publish_at ?? null} />
      ) : (
        <span className="badge badge-unpublished">Non publié</span>
      )}
      {mayPublish && ' '}
      {mayPublish && (
        // Named as it reads (WCAG 2.5.3, label in name): the visible words first, whose
        // testimonial after them, heard but not shown.
        <button type="button" className="link-button" onClick={toggle} disabled={busy}>
          {next ? 'Publier' : 'Retirer du site'}
          <span className="visually-hidden"> le témoignage de {testimonial.clientName}</span>
        </button>
      )}
    </div>
  );
}
