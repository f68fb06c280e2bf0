import { formatDate } from '#shared/format';
import { SITE_PHASES } from '#shared/site-phases';
import type { PublishedSiteUpdate, SitePhotoView, SiteUpdatesView } from '#shared/site-updates';

/**
 * 'Suivi de chantier' on the tracking page (docs/product-rules.md, "Site updates"): the
 * current phase among the seven and a progress bar, then the published updates, newest
 * first, with their photos. Built for a phone abroad on slow mobile data: a photo in the
 * page is at most its 640 px variant, only the very first one loads eagerly, the others
 * when scrolled to; a tap on a photo opens its large variant full screen, a plain link that
 * works without JavaScript. Photo addresses come relative to the page (`photos/…`) and are
 * joined to `photoBase` (`/suivi/{token}/`) here: the token is the page's, never the reader's.
 */
export interface SiteUpdatesSectionProps {
  view: SiteUpdatesView;
  /** The tracking page's own path, ending with '/': `/suivi/{token}/`. */
  photoBase: string;
}

/** The first photo of the newest update, drawn the width of the column. */
const LEAD_SIZES = '(min-width: 48rem) 40rem, 100vw';
/** The others, two a row on a phone, three beside the text on a wide screen. */
const GRID_SIZES = '(min-width: 48rem) 13rem, 50vw';

function join(base: string, relative: string): string {
  return `${base.endsWith('/') ? base : `${base}/`}${relative}`;
}

function srcSetOf(base: string, srcset: string): string {
  return srcset
    .split(', ')
    .map((candidate) => join(base, candidate))
    .join(', ');
}

function Photo({
  photo,
  base,
  alt,
  lead,
}: {
  photo: SitePhotoView;
  base: string;
  alt: string;
  lead: boolean;
}) {
  return (
    <a className="site-photo-link" href={join(base, photo.large)} rel="noreferrer" title="Agrandir la photo">
      <img
        className="site-photo"
        src={join(base, photo.src)}
        srcSet={srcSetOf(base, photo.srcset)}
        sizes={lead ? LEAD_SIZES : GRID_SIZES}
        width={photo.width}
        height={photo.height}
        alt={alt}
        loading={lead ? 'eager' : 'lazy'}
        decoding="async"
        {...(lead ? { fetchPriority: 'high' as const } : {})}
      />
    </a>
  );
}

function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n\s*\n/)
        .filter((paragraph) => paragraph.trim() !== '')
        .map((paragraph, i) => (
          <p key={i} className="site-update-text">
            {paragraph}
          </p>
        ))}
    </>
  );
}

function UpdateItem({
  update,
  base,
  newest,
}: {
  update: PublishedSiteUpdate;
  base: string;
  newest: boolean;
}) {
  const day = formatDate(update.date);
  return (
    <li className="site-update">
      <article aria-labelledby={`site-update-${update.id}`}>
        <h3 id={`site-update-${update.id}`} className="site-update-title">
          <time dateTime={update.date}>{day}</time> · {update.phase_label}
        </h3>
        <p className="site-update-progress">Avancement : {update.progress} %</p>
        <Paragraphs text={update.text} />
        {update.photos.length > 0 && (
          <ul className="site-photos">
            {update.photos.map((photo, i) => (
              <li key={photo.src} className={newest && i === 0 ? 'site-photo-lead' : undefined}>
                <Photo
                  photo={photo}
                  base={base}
                  alt={`Photo ${i + 1} sur ${update.photos.length} du chantier, ${day} (${update.phase_label})`}
                  lead={newest && i === 0}
                />
              </li>
            ))}
          </ul>
        )}
      </article>
    </li>
  );
}

export function SiteUpdatesSection({ view, photoBase }: SiteUpdatesSectionProps) {
  const { current, updates } = view;
  const currentIndex = current ? SITE_PHASES.findIndex((phase) => phase.code === current.phase) : -1;
  return (
    <section className="site-updates" aria-labelledby="site-updates-title">
      <h2 id="site-updates-title">Suivi de chantier</h2>
      {current ? (
        <div className="site-status">
          <p className="site-phase">
            Phase actuelle : <strong>{current.phase_label}</strong>
          </p>
          <label className="site-progress-label" htmlFor="site-progress">
            Avancement global : <strong>{current.progress} %</strong>
          </label>
          <progress id="site-progress" className="site-progress" max={100} value={current.progress}>
            {current.progress} %
          </progress>
          {/* Introduced by hidden text, not aria-label: a list's aria-label is discouraged
              (html-validate's aria-label-misuse); the updates' own h3 stay the only headings. */}
          <p className="visually-hidden">Étapes du chantier :</p>
          <ol className="site-phase-steps">
            {SITE_PHASES.map((phase, i) => (
              <li
                key={phase.code}
                className={i < currentIndex ? 'done' : i === currentIndex ? 'current' : undefined}
                aria-current={i === currentIndex ? 'step' : undefined}
              >
                {phase.label}
              </li>
            ))}
          </ol>
        </div>
      ) : (
        <p className="site-empty">
          Les travaux n’ont pas encore commencé : les premières nouvelles du chantier s’afficheront ici.
        </p>
      )}
      {updates.length > 0 && (
        <>
          <p className="visually-hidden">Mises à jour du chantier, de la plus récente à la plus ancienne :</p>
          <ol className="site-update-list">
            {updates.map((update, i) => (
              <UpdateItem key={update.id} update={update} base={photoBase} newest={i === 0} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
