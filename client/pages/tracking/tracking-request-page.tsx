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
      <p>
        Chaque demande envoyée depuis la page <a href={paths.submitProject}>Soumettre un projet</a> a sa page
        de suivi privée : son statut, la date de chaque étape et les messages de notre équipe, lisibles depuis
        un téléphone où que vous soyez. Son lien vous a été donné à l’envoi et par e-mail.
      </p>
      <p>
        Lien perdu ? Indiquez votre référence et l’adresse e-mail de la demande : nous vous en envoyons un
        nouveau.
      </p>
      <ResendTrackingForm outcome={outcome} />
    </section>
  );
}
