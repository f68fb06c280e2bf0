import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { readContactOutcome } from '#shared/contact-outcome';
import type { SiteSettings } from '#shared/site-settings';
import ContactForm from '#client/islands/contact-form';
import ContactMap from '#client/islands/contact-map';
import { mailtoHref, phoneText, telHref } from '#client/lib/contact-links';
import type { RouteHandle } from '#shared/page-meta';
import { pageContext } from '#shared/page-context';
import { paths } from '#shared/paths';
import { safeHref } from '#client/lib/safe-url';
import { businessJsonLd } from '#client/lib/structured-data';
import { whatsappLink } from '#shared/whatsapp';
import { WhatsAppMark } from '#client/components/whatsapp-mark';
import { mapPageUrl } from './map-page-url';

const WHATSAPP_GREETING = 'Bonjour, je souhaite obtenir des informations sur vos services.';
const EMAIL_SUBJECT = 'Demande d’informations';

export async function loader(args: LoaderFunctionArgs) {
  // Set after the form was posted without JavaScript (server/features/contact-messages/send-contact-message.ts).
  const outcome = readContactOutcome(new URL(args.request.url).searchParams);
  const draft =
    outcome?.kind === 'error' && outcome.draft ? await pageContext(args).contactDraft(outcome.draft) : null;
  return { outcome, draft };
}

export const handle: RouteHandle<Awaited<ReturnType<typeof loader>>> = {
  styles: ['submit-project', 'static-pages', 'toast'],
  meta: ({ site, appUrl, data }) => ({
    title: `Contact — ${site.name}`,
    description: `Contactez ${site.name} à Cotonou : formulaire de contact, téléphone, e-mail, WhatsApp, horaires d’ouverture et plan d’accès.`,
    jsonLd: [businessJsonLd(site, appUrl)],
    // An outcome page is one visitor's moment; one holding what they typed is theirs alone.
    noindex: data.outcome !== null,
    private: data.outcome?.kind === 'error' && data.outcome.draft !== null,
  }),
};

/**
 * Contact (product rules, Pages and routes; docs/product-rules.md, "Contact form"): the details,
 * the contact form (an island that also works without script: it posts itself and the server
 * sends the browser back here with the outcome), and the map island, which loads the map on
 * request.
 */
export function Component() {
  const { site } = useRouteLoaderData('site') as { site: SiteSettings };
  const { outcome, draft } = useLoaderData<typeof loader>();
  const whatsapp = safeHref(whatsappLink(site.whatsapp, WHATSAPP_GREETING));
  const mapUrl = safeHref(site.mapEmbedUrl);
  return (
    <>
      <section className="banner">
        <div className="container">
          <p className="banner-kicker">{site.name}</p>
          <h1>Contactez-nous</h1>
          <p className="hero-lead">Une question, un projet, un devis ? Notre équipe vous répond sous 48h.</p>
        </div>
      </section>

      <div className="section container contact-grid">
        <section aria-labelledby="contact-details">
          <h2 id="contact-details">Nos coordonnées</h2>
          <address className="contact-list">
            <p>
              <span className="contact-label">Adresse</span>
              {site.address}
            </p>
            <p>
              <span className="contact-label">Téléphone</span>
              {site.phones.map((phone) => (
                <a key={phone} href={telHref(phone)}>
                  {phoneText(phone)}
                </a>
              ))}
            </p>
            <p>
              <span className="contact-label">E-mail</span>
              <a href={mailtoHref(site.email)}>{site.email}</a>
            </p>
          </address>

          <h2>Horaires d’ouverture</h2>
          <ul className="hours">
            {site.openingHours.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="contact-write" className="note contact-write">
          <h2 id="contact-write">Écrivez-nous</h2>
          <p>
            Écrivez-nous avec le formulaire ci-dessous, par WhatsApp ou par e-mail : nous vous répondons sous
            48h. Pour un projet de construction, le formulaire de projet nous permet de préparer votre devis.
          </p>
          <div className="hero-actions">
            {whatsapp && (
              <a className="btn btn-whatsapp" href={whatsapp} rel="noopener noreferrer">
                <WhatsAppMark />
                Écrire sur WhatsApp
              </a>
            )}
            <a className="btn btn-primary" href={mailtoHref(site.email, EMAIL_SUBJECT)}>
              Envoyer un e-mail
            </a>
            <a className="btn btn-outline" href={paths.submitProject}>
              Soumettre un projet
            </a>
          </div>
          {/* A client who already sent a request finds its tracking page here (docs/product-rules.md, "Tracking link"). */}
          <p className="contact-tracking">
            Vous avez déjà envoyé une demande de projet ? <a href={paths.tracking}>Suivre ma demande</a> : son
            statut, nos messages et l’avancement du chantier.
          </p>
        </section>
      </div>

      <section className="section container contact-form-section" aria-labelledby="contact-form-title">
        <h2 id="contact-form-title">Envoyez-nous un message</h2>
        <ContactForm outcome={outcome} draft={draft} />
      </section>

      {mapUrl && (
        <section className="section container map-section" aria-labelledby="contact-map">
          <h2 id="contact-map">Plan d’accès</h2>
          <ContactMap
            embedUrl={mapUrl}
            pageUrl={safeHref(mapPageUrl(mapUrl)) ?? mapUrl}
            title={`Plan d’accès : ${site.address}`}
          />
        </section>
      )}
    </>
  );
}
