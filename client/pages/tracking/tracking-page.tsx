import { data, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { formatDate, formatDateTime } from '#shared/format';
import { pageContext } from '#shared/page-context';
import type { RouteHandle } from '#shared/page-meta';
import { paths } from '#shared/paths';
import { trackingMessages, type TrackedRequest } from '#shared/tracking-rules';
import { ResendTrackingForm } from './resend-tracking-form';
import { SiteUpdatesSection } from './site-updates-section';

/**
 * A request's private tracking page, /suivi/{token} (docs/product-rules.md, "Tracking
 * link"): a document without script, light for a phone on slow mobile data. One client's
 * page: never cached, never indexed, no referrer, and nothing personal but the first name.
 * An unknown, replaced or malformed token is a 404 that offers to send the link again.
 */
type LoaderData = { found: TrackedRequest | null };

export async function loader(args: LoaderFunctionArgs) {
  const found = await pageContext(args).trackedRequest(args.params.token ?? '');
  return found ? ({ found } satisfies LoaderData) : data<LoaderData>({ found: null }, { status: 404 });
}

export const handle: RouteHandle<LoaderData> = {
  styles: ['submit-project', 'tracking', 'site-updates'],
  meta: ({ site, data: page }) => ({
    title: page?.found
      ? `Suivi de votre demande ${page.found.reference} — ${site.name}`
      : `${trackingMessages.notFoundTitle} — ${site.name}`,
    description: 'Le suivi privé de votre demande de projet.',
    noindex: true,
    private: true,
  }),
};

export function Component() {
  const { found } = useLoaderData() as LoaderData;
  // The photos live under this page's own path; the token never leaves the page.
  const { token = '' } = useParams();
  if (!found) {
    return (
      <section className="section container tracking-page" aria-labelledby="tracking-title">
        <h1 id="tracking-title">{trackingMessages.notFoundTitle}</h1>
        <p>{trackingMessages.notFoundDetail}</p>
        <ResendTrackingForm outcome={null} />
      </section>
    );
  }
  const steps = [...found.timeline].reverse();
  return (
    <section className="section container tracking-page" aria-labelledby="tracking-title">
      <p className="tracking-hello">{`Bonjour ${found.firstName},`}</p>
      <h1 id="tracking-title">Suivi de votre demande</h1>
      <dl className="confirmation-summary tracking-facts">
        <div>
          <dt>Référence</dt>
          <dd>{found.reference}</dd>
        </div>
        <div>
          <dt>Projet</dt>
          <dd>{found.projectTitle}</dd>
        </div>
        <div>
          <dt>Envoyée le</dt>
          <dd>{formatDate(found.sentAt)}</dd>
        </div>
        <div>
          <dt>Statut actuel</dt>
          <dd>
            <strong className={`tracking-status tracking-status-${found.status}`}>{found.statusLabel}</strong>
          </dd>
        </div>
      </dl>
      <h2>Historique</h2>
      <ol className="tracking-timeline" reversed>
        {steps.map((step, index) => (
          <li key={`${step.at}-${index}`}>
            <p className="tracking-step">
              <strong>{step.label}</strong> <time dateTime={step.at}>{formatDateTime(step.at)}</time>
            </p>
            {step.message && (
              <blockquote className="tracking-message">
                <p className="muted">Message de notre équipe :</p>
                <p>{step.message}</p>
              </blockquote>
            )}
          </li>
        ))}
      </ol>
      {(found.status === 'approved' || found.site.updates.length > 0) && (
        <SiteUpdatesSection view={found.site} photoBase={`${paths.trackingPage(token)}/`} />
      )}
      <p className="muted">
        Cette page est privée : ne partagez son adresse qu’avec les personnes qui suivent le projet avec vous.
        Une question ? Rappelez votre référence sur la page <a href={paths.contact}>Contact</a>.
      </p>
    </section>
  );
}
