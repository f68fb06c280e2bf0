import { data, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { formatDate, formatDateTime } from '#shared/format';
import { pageContext } from '#shared/page-context';
import type { RouteHandle } from '#shared/page-meta';
import { paths } from '#shared/paths';
import { trackingMessages, type TrackedRequest } from '#shared/tracking-rules';
import { trackingReplyMessage, whatsappLink } from '#shared/whatsapp';
import { WhatsAppMark } from '#client/components/whatsapp-mark';
import { safeHref } from '#client/lib/safe-url';
import { ResendTrackingForm } from './resend-tracking-form';
import { SiteUpdatesSection } from './site-updates-section';

/**
 * A request's private tracking page, /suivi/{token} (docs/product-rules.md, "Tracking
 * link"): a document without script, light for a phone on slow mobile data. One client's
 * page: never cached, never indexed, no referrer, and nothing personal but the first name.
 * Read as a conversation: what the family abroad opens it for first, the building site's
 * news and photos ("Site updates"), then the status history with the team's messages, and
 * 'Répondre sur WhatsApp' with the first name, the reference and this page's link already
 * typed. An unknown, replaced or malformed token is a 404 that offers to send the link again.
 */
type LoaderData = { found: TrackedRequest | null; reply: string | null; replyMessage: string | null };

export async function loader(args: LoaderFunctionArgs) {
  const context = pageContext(args);
  const token = args.params.token ?? '';
  const found = await context.trackedRequest(token);
  if (!found) return data<LoaderData>({ found: null, reply: null, replyMessage: null }, { status: 404 });
  const link = `${context.appUrl}${paths.trackingPage(token)}`;
  const replyMessage = trackingReplyMessage(found.firstName, found.reference, link);
  const reply = safeHref(whatsappLink(context.site.whatsapp, replyMessage)) ?? null;
  return { found, reply, replyMessage } satisfies LoaderData;
}

export const handle: RouteHandle<LoaderData> = {
  styles: ['submit-project', 'tracking', 'site-updates'],
  // The floating button answers like 'Répondre sur WhatsApp': one message on this page.
  whatsappMessage: (page) => page?.replyMessage ?? null,
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
  const { found, reply } = useLoaderData() as LoaderData;
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
      {(found.status === 'approved' || found.site.updates.length > 0) && (
        <SiteUpdatesSection view={found.site} photoBase={`${paths.trackingPage(token)}/`} />
      )}
      <section className="tracking-history" aria-labelledby="tracking-history-title">
        <h2 id="tracking-history-title">Historique et messages</h2>
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
      </section>
      <div className="tracking-reply">
        <p>
          {`Une question, une réponse à notre équipe ? Votre message part avec votre prénom, votre référence ${found.reference} et le lien de cette page : nous retrouvons votre demande tout de suite.`}
        </p>
        {reply && (
          <a className="btn btn-whatsapp" href={reply} rel="noopener noreferrer">
            <WhatsAppMark />
            Répondre sur WhatsApp
          </a>
        )}
        <p className="muted">
          Sans WhatsApp, écrivez-nous depuis la page <a href={paths.contact}>Contact</a>
          {` en indiquant la référence ${found.reference}.`}
        </p>
      </div>
      <p className="muted">
        Cette page est privée : ne partagez son adresse qu’avec les personnes qui suivent le projet avec vous.
      </p>
    </section>
  );
}
