import { Outlet, useLoaderData, useMatches, type LoaderFunctionArgs } from 'react-router-dom';
import type { RouteHandle } from '#shared/page-meta';
import type { SiteSettings } from '#shared/site-settings';
import { SiteFooter } from '#client/components/site-footer';
import { SiteHeader } from '#client/components/site-header';
import { WhatsAppFloat } from '#client/components/whatsapp-float';
import { WhatsAppMarkSymbol } from '#client/components/whatsapp-mark';
import { pageContext } from '#shared/page-context';

/**
 * The shared layout of every public page (product rules, Pages and routes): fixed header,
 * main, footer, and the floating WhatsApp button (docs/product-rules.md, "WhatsApp").
 */
export function loader(args: LoaderFunctionArgs): { site: SiteSettings } {
  return { site: pageContext(args).site };
}

export function Component() {
  const { site } = useLoaderData<typeof loader>();
  // The deepest page that has its own words for the floating button (RouteHandle.whatsappMessage).
  const message =
    useMatches()
      .map((match) => (match.handle as RouteHandle | undefined)?.whatsappMessage?.(match.data) ?? null)
      .findLast((found) => found !== null) ?? null;
  return (
    <>
      <a href="#contenu" className="skip-link">
        Aller au contenu
      </a>
      <SiteHeader siteName={site.name} />
      <main id="contenu" className="page">
        <Outlet />
      </main>
      <SiteFooter site={site} />
      <WhatsAppFloat site={site} message={message} />
      <WhatsAppMarkSymbol />
    </>
  );
}

/** A loader failed: say so in French, with a way back, never a stack trace. */
export function ErrorBoundary() {
  return (
    <main className="container not-found">
      <h1>Une erreur est survenue</h1>
      <p>Le service est momentanément indisponible. Veuillez réessayer dans quelques instants.</p>
      <a className="btn btn-primary" href="/">
        Retour à l’accueil
      </a>
    </main>
  );
}
