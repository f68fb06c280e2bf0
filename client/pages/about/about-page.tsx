import { useLoaderData, useRouteLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { yearsOfExperience, type SiteSettings } from '#shared/site-settings';
import type { RouteHandle } from '#shared/page-meta';
import { pageContext } from '#shared/page-context';
import { CallToAction } from '#client/components/call-to-action';
import { loadTestimonials, TestimonialsSection } from '#client/components/testimonials-section';
import { COMPANY_VALUES, companyStatistics, initial, VALUES_WORD } from './company-values';

/** Docs/product-rules.md, "Testimonials": the about page shows up to 6, the latest first. */
const ABOUT_TESTIMONIALS = 6;

export async function loader(args: LoaderFunctionArgs) {
  return { testimonials: await loadTestimonials(pageContext(args), ABOUT_TESTIMONIALS) };
}

export const handle: RouteHandle = {
  styles: ['static-pages', 'testimonials'],
  meta: ({ site }) => ({
    title: `À propos — ${site.name}`,
    description: `${site.name}, entreprise de construction, de design et d’immobilier à Cotonou depuis ${site.foundedYear} : notre histoire, notre mission et nos valeurs.`,
  }),
};

/**
 * About (product rules, Pages and routes): story, mission, vision, the EDIFIER values,
 * statistics, the clients' testimonials. No script.
 */
export function Component() {
  const { testimonials } = useLoaderData<typeof loader>();
  const { site } = useRouteLoaderData('site') as { site: SiteSettings };
  const years = yearsOfExperience(site.foundedYear);
  return (
    <>
      <section className="banner">
        <div className="container">
          <p className="banner-kicker">À propos</p>
          <h1>{site.name}</h1>
          <p className="hero-lead">
            Bâtir au Bénin avec sérieux, transparence et garantie contractuelle, depuis {site.foundedYear}.
          </p>
        </div>
      </section>

      <section className="section container prose" aria-labelledby="story-title">
        <h2 id="story-title">Notre histoire</h2>
        <p>
          Fondée en {site.foundedYear} à Cotonou, {site.name} est née d’une conviction : construire au Bénin
          doit être simple, sûr et transparent, que l’on vive au pays ou à l’étranger. Depuis plus de {years}{' '}
          ans, nos équipes conçoivent et réalisent maisons individuelles, immeubles, aménagements intérieurs,
          clôtures et portails pour des familles, des investisseurs et des entreprises.
        </p>
        <p>
          Beaucoup de nos clients font partie de la diaspora : ils nous confient leur projet à distance et
          suivent l’avancement de leur chantier grâce à des comptes rendus réguliers, photos à l’appui, avec
          une garantie contractuelle sur les travaux.
        </p>
      </section>

      <section className="section section-alt" aria-label="Mission et vision">
        <div className="container split">
          <div>
            <h2>Notre mission</h2>
            <p>
              Accompagner chaque client de la recherche de la parcelle jusqu’à la remise des clés : conception
              des plans, permis de construire, maîtrise du budget, choix des matériaux et suivi d’exécution,
              avec trois engagements constants : la qualité, le respect des délais et une transparence totale.
            </p>
          </div>
          <div>
            <h2>Notre vision</h2>
            <p>
              Devenir la référence de la construction et de l’immobilier au Bénin, le partenaire de confiance
              qui permet à chacun, ici ou ailleurs, de bâtir un patrimoine durable.
            </p>
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="values-title">
        <h2 id="values-title">Nos valeurs</h2>
        <p>
          Les initiales de nos sept valeurs forment le mot{' '}
          <strong className="acrostic-word">{VALUES_WORD}</strong> : bâtir, au sens propre comme au sens
          figuré.
        </p>
        <ol className="acrostic">
          {COMPANY_VALUES.map((value) => (
            <li key={value.name}>
              <span className="acrostic-letter" aria-hidden="true">
                {initial(value.name)}
              </span>
              <div>
                <h3>{value.name}</h3>
                <p>{value.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="section section-alt" aria-labelledby="stats-title">
        <div className="container">
          <h2 id="stats-title">En quelques chiffres</h2>
          <ul className="stats">
            {companyStatistics(years).map((stat) => (
              <li key={stat.label}>
                <strong>{stat.value}</strong> {stat.label}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <TestimonialsSection id="about-testimonials-title" testimonials={testimonials} />

      <CallToAction id="about-cta" title="Parlons de votre projet" />
    </>
  );
}
