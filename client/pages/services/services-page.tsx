import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import type { SiteSettings } from '#shared/site-settings';
import { pageContext } from '#shared/page-context';
import type { RouteHandle } from '#shared/page-meta';
import { SERVICE_LINES_DATA } from '#client/lib/service-lines';
import { ServiceCard } from './service-card';

/** Reads only the three pictures of the cards: the page itself ships no script. */
export async function loader(args: LoaderFunctionArgs) {
  return { images: await pageContext(args).serviceImages() };
}

export const handle: RouteHandle<Awaited<ReturnType<typeof loader>>> = {
  styles: ['static-pages'],
  meta: ({ site, data }) => ({
    title: `Nos services — ${site.name}`,
    description:
      'Vente de parcelles et de biens immobiliers, conception de plans 3D, décoration intérieure, permis de construire et construction de maisons à Cotonou.',
    image: data.images.construction,
  }),
};

export function Component() {
  const { images } = useLoaderData<typeof loader>();
  const { site } = useRouteLoaderData('site') as { site: SiteSettings };
  return (
    <>
      <section className="banner" aria-labelledby="services-title">
        <div className="container">
          <p className="banner-kicker">{site.name}</p>
          <h1 id="services-title">Nos services</h1>
          <p className="hero-lead">
            De la parcelle à la remise des clés : nous vous accompagnons à chaque étape de votre projet, au
            Bénin ou depuis l’étranger.
          </p>
        </div>
      </section>
      <section className="section container" aria-label="Nos trois métiers">
        <div className="card-grid service-cards">
          {SERVICE_LINES_DATA.map((service, index) => (
            <ServiceCard key={service.id} service={service} image={images[service.id]} index={index} />
          ))}
        </div>
      </section>
    </>
  );
}
