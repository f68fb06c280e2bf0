import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { yearsOfExperience, type SiteSettings } from '#shared/site-settings';
import { ProjectCard } from '#client/components/project-card';
import { CallToAction } from '#client/components/call-to-action';
import { PromotionGrid } from '#client/components/promotion-card';
import { ResponsiveImage } from '#client/components/responsive-image';
import { SERVICE_LINES } from '#client/components/site-footer';
import { loadTestimonials, TestimonialsSection } from '#client/components/testimonials-section';
import { pageContext } from '#shared/page-context';
import type { RouteHandle } from '#shared/page-meta';
import { paths } from '#shared/paths';
import { businessJsonLd } from '#client/lib/structured-data';

/** Product rules, Limits and constants: the home page shows 3 projects (the most recent, product rules), 4 promotions and 3 testimonials. */
const HOME_PROJECTS = 3;
const HOME_PROMOTIONS = 4;
const HOME_TESTIMONIALS = 3;

/**
 * The hero picture is the page's largest paint: only the 640 and 960 WebP variants, drawn
 * across the viewport, so a phone or a desktop never fetches more than the 960 one.
 */
const HERO_WIDTHS = [640, 960] as const;

export async function loader(args: LoaderFunctionArgs) {
  const context = pageContext(args);
  const [projects, promotions, testimonials] = await Promise.all([
    context.recentProjects(HOME_PROJECTS),
    // Product rules, Messages and errors: a promotions failure is a message in its block, never a failed page.
    context.runningPromotions(HOME_PROMOTIONS).catch((error: unknown) => {
      console.error('Accueil : chargement des promotions impossible', error);
      return null;
    }),
    loadTestimonials(context, HOME_TESTIMONIALS),
  ]);
  return { projects, promotions, testimonials };
}

export const handle: RouteHandle<Awaited<ReturnType<typeof loader>>> = {
  styles: ['testimonials'],
  meta: ({ site, data, appUrl }) => ({
    // At most 70 characters with the default name: search results cut longer titles.
    title: `${site.name} — Construction et immobilier à Cotonou`,
    description:
      'Construction de maisons, conception de plans 3D, décoration intérieure et vente de parcelles au Bénin. Construisez au pays depuis l’étranger, avec une garantie contractuelle.',
    image: data.projects[0]?.main_image ?? null,
    jsonLd: [businessJsonLd(site, appUrl)],
  }),
};

export function Component() {
  const { projects, promotions, testimonials } = useLoaderData<typeof loader>();
  const { site } = useRouteLoaderData('site') as { site: SiteSettings };
  const years = yearsOfExperience(site.foundedYear);
  const heroImage = projects.find((project) => project.main_image)?.main_image;

  return (
    <>
      <section className="hero hero-home">
        {heroImage && (
          <ResponsiveImage
            className="hero-image"
            path={heroImage}
            alt=""
            width={960}
            height={640}
            sizes="100vw"
            widths={HERO_WIDTHS}
            priority
          />
        )}
        <div className="container hero-content">
          <h1>Construisez au Bénin en toute confiance</h1>
          <p className="hero-lead">
            {site.name} conçoit, construit et vend : parcelles, plans 3D, décoration intérieure et
            construction clé en main, ici ou depuis la diaspora, avec une garantie contractuelle.
          </p>
          <div className="hero-actions">
            <a className="btn btn-primary" href={paths.services}>
              Découvrir nos services
            </a>
            <a className="btn btn-light" href={paths.submitProject}>
              Soumettre un projet
            </a>
          </div>
        </div>
      </section>

      <section className="section container presentation" aria-labelledby="presentation-title">
        <h2 id="presentation-title">Un entrepreneur à vos côtés depuis {site.foundedYear}</h2>
        <p>
          Depuis plus de {years} ans, notre équipe accompagne familles, investisseurs et entreprises :
          construction résidentielle, aménagement intérieur, clôtures et portails. Qualité, respect des délais
          et transparence totale guident chacun de nos chantiers.
        </p>
        <p className="stat-line">
          <strong>{years}+</strong> ans d’expérience
        </p>
      </section>

      <section className="section section-alt" aria-labelledby="projects-title">
        <div className="container">
          <h2 id="projects-title">Nos réalisations</h2>
          {/* A new site has none yet (docs/product-rules.md, "Demo content"): no empty grid, no link to an empty portfolio. */}
          {projects.length === 0 ? (
            <p className="empty">Nos premières réalisations seront bientôt présentées ici.</p>
          ) : (
            <>
              <div className="card-grid">
                {projects.map((project, index) => (
                  <ProjectCard key={project.id} project={project} linkLabel="Voir plus" index={index} />
                ))}
              </div>
              <p className="section-more">
                <a className="btn btn-outline" href={paths.projects}>
                  Voir tous nos projets
                </a>
              </p>
            </>
          )}
        </div>
      </section>

      <section className="section container" aria-labelledby="services-title">
        <h2 id="services-title">Nos services</h2>
        <ul className="service-list">
          {SERVICE_LINES.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        <p className="section-more">
          <a className="btn btn-outline" href={paths.services}>
            Découvrir nos services
          </a>
        </p>
      </section>

      <section className="section section-alt" aria-labelledby="promotions-title">
        <div className="container">
          <h2 id="promotions-title">Promotions en cours</h2>
          {promotions === null ? (
            <p className="empty">Impossible de charger les promotions.</p>
          ) : promotions.length === 0 ? (
            <p className="empty">Aucune promotion disponible pour le moment.</p>
          ) : (
            <PromotionGrid promotions={promotions} />
          )}
          {promotions?.length !== 0 && (
            <p className="section-more">
              <a className="btn btn-outline" href={paths.promotions}>
                Voir toutes les promotions
              </a>
            </p>
          )}
        </div>
      </section>

      <TestimonialsSection id="testimonials-title" testimonials={testimonials} />

      <CallToAction
        id="cta-title"
        title="Un projet de construction ?"
        text="Décrivez-nous votre projet : notre équipe vous recontacte sous 48h."
      />
    </>
  );
}
