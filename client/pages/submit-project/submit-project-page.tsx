import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { readOutcome } from '#shared/submission-outcome';
import HeroCarousel from '#client/islands/hero-carousel';
import SubmitProjectForm from '#client/islands/submit-project-form';
import { imageUrl } from '#shared/image-url';
import { pageContext } from '#shared/page-context';
import type { RouteHandle } from '#shared/page-meta';
import { paths } from '#shared/paths';
import { OutcomeNotice } from './outcome-notice';
import { SubmissionConfirmation } from './submission-confirmation';

/** Product rules, Pages and routes and Limits and constants: the submit page's hero rotates 6 images (our latest projects). */
const HERO_SLIDES = 6;

export async function loader(args: LoaderFunctionArgs) {
  const context = pageContext(args);
  const projects = await context.recentProjects(HERO_SLIDES);
  const slides = projects
    .filter((project) => project.main_image)
    .map((project) => ({ src: imageUrl(project.main_image), alt: project.title, path: project.main_image }));
  const saveData = args.request.headers.get('save-data') === 'on';
  // Set after a form posted without JavaScript (server/features/submissions/form-post.ts).
  const outcome = readOutcome(new URL(args.request.url).searchParams);
  // The stored request, for the confirmation; an expired or forged receipt shows the plain success notice.
  const receipt =
    outcome?.kind === 'ok' && outcome.receipt ? await context.submissionReceipt(outcome.receipt) : null;
  // A refused post's typed values and messages (server/http/refused-drafts.ts); null once forgotten.
  const draft =
    outcome?.kind === 'error' && outcome.draft ? await context.submissionDraft(outcome.draft) : null;
  return {
    slides,
    saveData,
    outcome,
    receipt,
    draft,
    whatsapp: context.site.whatsapp,
    image: projects[0]?.main_image ?? null,
  };
}

export const handle: RouteHandle<Awaited<ReturnType<typeof loader>>> = {
  styles: ['submit-project', 'toast'],
  meta: ({ site, data }) => ({
    title: `Soumettre un projet — ${site.name}`,
    description:
      'Décrivez votre projet de construction, de rénovation ou d’aménagement au Bénin, joignez vos plans : notre équipe vous répond sous 48h.',
    image: data.image,
    // An outcome page is one visitor's moment, not a page to index; a confirmation shows
    // what they sent, so it is never cached nor kept by the browser.
    noindex: data.outcome !== null,
    // A refused post's page holds what the visitor typed: theirs alone, like the confirmation.
    private: data.receipt !== null || data.draft !== null,
  }),
};

export function Component() {
  const { slides, saveData, outcome, receipt, draft, whatsapp } = useLoaderData<typeof loader>();
  return (
    <>
      {slides.length > 0 && (
        <HeroCarousel slides={slides} label="Nos réalisations récentes" saveData={saveData} compact />
      )}
      <section className="section container submit-page" aria-labelledby="submit-title">
        <h1 id="submit-title">Soumettre un projet</h1>
        <p className="submit-lead">
          Construction, rénovation, aménagement : décrivez-nous votre projet et joignez vos plans ou photos.
          Notre équipe étudie votre demande et vous contacte sous 48h, que vous soyez au Bénin ou à
          l’étranger.
        </p>
        {/* docs/product-rules.md, "Tracking link": a client back on this page to follow a request. */}
        <p className="submit-tracking">
          Déjà une demande en cours ? <a href={paths.tracking}>Suivre ma demande</a>
        </p>
        {receipt ? (
          <SubmissionConfirmation receipt={receipt} whatsapp={whatsapp} />
        ) : (
          <>
            {outcome && <OutcomeNotice outcome={outcome} />}
            <SubmitProjectForm whatsapp={whatsapp} draft={draft} />
          </>
        )}
      </section>
    </>
  );
}
