import { formatDate } from '#shared/format';
import { sitePhaseLabel } from '#shared/site-phases';
import { CONNECTION_LOST_MESSAGE } from '#client/lib/resumable-upload';
import { forget, type PhotoSending, type QueuedSiteUpdate } from './site-update-queue';
import { photoKey } from './use-site-update-queue';

/**
 * What this phone still has to send for a site (docs/product-rules.md, "Site updates"):
 * 'En attente d'envoi (N)' with each update, and once the server received them, that they
 * were sent. An update the server refused for good says why and can be taken out.
 */
export function QueuedUpdates({
  items,
  sent,
  sending = {},
}: {
  items: readonly QueuedSiteUpdate[];
  sent: number;
  /** Where each photo's upload stands (use-site-update-queue.ts). */
  sending?: Readonly<Record<string, PhotoSending>>;
}) {
  const waiting = items.filter((item) => item.refused === null).length;
  if (items.length === 0)
    return sent > 0 ? (
      <p className="admin-panel site-queue" role="status">
        {sent === 1 ? 'Mise à jour envoyée.' : `${sent} mises à jour envoyées.`}
      </p>
    ) : null;
  return (
    <section className="admin-panel site-queue" aria-label="Mises à jour gardées sur ce téléphone">
      <p role="status">
        <strong>En attente d&apos;envoi ({waiting})</strong>
        {waiting > 0 && ' : elles partiront d’elles-mêmes au retour de la connexion.'}
      </p>
      <ul>
        {items.map((item) => (
          <li key={item.clientId}>
            {formatDate(item.date)} · {sitePhaseLabel(item.phase)} · {item.progress} %
            {item.photos.length > 0 && ` · ${item.photos.length} photo${item.photos.length > 1 ? 's' : ''}`}
            <PhotoProgress item={item} sending={sending} />
            {item.refused !== null && (
              <>
                {' '}
                <span role="alert">Refusée : {item.refused}</span>{' '}
                <button type="button" className="link-button" onClick={() => void forget(item.clientId)}>
                  Retirer de la file
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One line per photo on its way: its name and share, or the dropped connection. */
export function PhotoProgress({
  item,
  sending,
}: {
  item: QueuedSiteUpdate;
  sending: Readonly<Record<string, PhotoSending>>;
}) {
  const lines = item.photos.flatMap((photo, index) => {
    const state = sending[photoKey(item.clientId, index)];
    return state ? [{ name: photo.name, state, key: photoKey(item.clientId, index) }] : [];
  });
  if (lines.length === 0) return null;
  return (
    <ul className="site-photo-progress" aria-label="Envoi des photos">
      {lines.map(({ name, state, key }) => (
        <li key={key}>
          {name} : {state.lost ? CONNECTION_LOST_MESSAGE : `${Math.round(state.share * 100)} %`}
        </li>
      ))}
    </ul>
  );
}
