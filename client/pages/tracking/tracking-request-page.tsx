import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { RouteHandle } from '#shared/page-meta';
import { paths } from '#shared/paths';
import { readTrackingOutcome } from '#shared/tracking-rules';
import { ResendTrackingForm } from './resend-tracking-form';

/**
 * /suivi (docs/product-rules.md, "Tracking link"): what the tracking link is, and the form
 * that e-mails it again. The plain page is public and cached like any other; after a post
 * it shows the outcome (`?envoi=…`), a moment of one visitor, kept out of caches.
 */
export function loader(args: LoaderFunctionArgs) {
  return { outcome: readTrackingOutcome(new URL(args.request.url).searchParams) };
}

export const handle: RouteHandle<ReturnType<typeof loader>> = {
  styles: ['submit-project', 'tracking'],
  meta: ({ site, data }) => ({
    title: `Suivre ma demande — ${site.name}`,
    description:
      'Suivez votre demande de projet depuis l’étranger : recevez par e-mail le lien privé de sa page de suivi.',
    noindex: data.outcome !== null,
    private: data.outcome !== null,
  }),
};

export function Component() {
  const { outcome } = useLoaderData<typeof loader>();
  return (
    <section className="section container tracking-page" aria-labelledby="tracking-request-title">
      <h1 id="tracking-request-title">Suivre ma demande</h1>
      {/* What the client will find there, in two sentences (docs/product-rules.md, "Tracking link"). */}
      <p className="tracking-intro">
        Sur la page de suivi de votre demande, vous voyez l’avancement du chantier avec ses photos, le statut
        de votre demande et les messages de notre équipe, depuis votre téléphone où que vous soyez. Son lien
        privé vous arrive par e-mail dès l’envoi de votre demande depuis la page{' '}
        <a href={paths.submitProject}>Soumettre un projet</a>.
      </p>
      <p>
        Lien perdu ? Indiquez votre référence et l’adresse e-mail de la demande : nous vous en envoyons un
        nouveau.
      </p>
      <ResendTrackingForm outcome={outcome} />
    </section>
  );
}
