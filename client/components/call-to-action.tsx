import { paths } from '#shared/paths';

/**
 * The closing call to action of the public pages (home, about): a title, an optional
 * sentence, and the two ways to reach the company, submitting a project or writing to it.
 */
export function CallToAction({ id, title, text }: { id: string; title: string; text?: string }) {
  return (
    <section className="section container cta" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {text && <p>{text}</p>}
      <div className="hero-actions">
        <a className="btn btn-primary" href={paths.submitProject}>
          Soumettre un projet
        </a>
        <a className="btn btn-outline" href={paths.contact}>
          Nous contacter
        </a>
      </div>
    </section>
  );
}
