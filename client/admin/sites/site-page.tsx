import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDate } from '#shared/format';
import { paths } from '#shared/paths';
import { siteUpdateMessages } from '#shared/schemas/site-update';
import type { AdminSiteUpdate } from '#shared/site-updates';
import { siteUpdateWhatsappMessage, whatsappLink } from '#shared/whatsapp';
import { Can, DeleteButton, internationalDigits, PageHeader, Spinner, useDelete } from '#client/admin/kit';
import { QueuedUpdates } from './queued-updates';
import { useSiteUpdateQueue } from './use-site-update-queue';
import { PrivatePhoto } from './private-photo';
import { PublishedBadge, SiteProgress } from './site-progress';
import { siteName, useSiteUpdates } from './use-site-updates';
import './sites.css';

/**
 * One site (docs/product-rules.md, "Site updates"): every update of the request, drafts
 * included, newest first, with its photos; 'Nouvelle mise à jour', edit and delete (a
 * deleted update takes its photo files with it).
 */
export function Component() {
  const { submissionId } = useParams();
  const [round, setRound] = useState(0);
  const state = useSiteUpdates(submissionId, round);
  // Updates still on this phone, and the list read again as each one reaches the server.
  const queue = useSiteUpdateQueue(Number(submissionId), () => setRound((n) => n + 1));
  const remove = useDelete<AdminSiteUpdate>({
    path: (update) => `/admin/project-submissions/${update.submission_id}/updates/${update.id}`,
    trashKind: 'site_update',
    label: (update) => `la mise à jour du ${formatDate(update.date)}`,
    successDescription: siteUpdateMessages.deleted,
    failureTitle: 'Erreur lors de la suppression de la mise à jour',
    onDeleted: () => setRound((n) => n + 1),
  });

  if (state.status === 'loading') return <Spinner label="Chargement..." />;
  if (state.status === 'failed')
    return (
      <div className="admin-panel">
        <p role="alert">{state.notFound ? siteUpdateMessages.submissionNotFound : state.message}</p>
        <p>
          <Link to={paths.adminSites}>Retour aux chantiers</Link>
          {!state.notFound && (
            <>
              {' '}
              <button type="button" className="btn btn-small" onClick={() => setRound((n) => n + 1)}>
                Réessayer
              </button>
            </>
          )}
        </p>
      </div>
    );

  const { request, updates } = state;
  const approved = request.status === 'approved';
  const phone = internationalDigits(request.phone);
  const trackingUrl = `${typeof window === 'undefined' ? '' : window.location.origin}${paths.tracking}`;
  return (
    <>
      <PageHeader
        title={`Chantier ${siteName(request)}`}
        lead={`${request.client_name} · ${request.phone} · ${request.location}`}
        newTo={approved ? paths.adminSiteUpdateNew(request.id) : undefined}
        newLabel="Nouvelle mise à jour"
        newAccess="sitesWrite"
      >
        <Link className="btn btn-outline" to={paths.adminSites}>
          Retour aux chantiers
        </Link>
      </PageHeader>
      {!approved && (
        <p className="admin-panel" role="status">
          {siteUpdateMessages.notApproved}
        </p>
      )}
      <QueuedUpdates items={queue.items} sent={queue.sent} sending={queue.sending} />
      {updates.length === 0 ? (
        <p className="empty">Aucune mise à jour pour ce chantier.</p>
      ) : (
        <ol className="site-admin-updates" aria-label="Mises à jour, de la plus récente à la plus ancienne">
          {updates.map((update) => (
            <li key={update.id} className="admin-panel site-admin-update">
              <h2>
                {formatDate(update.date)} · {update.phase_label}{' '}
                <PublishedBadge published={update.published} />
              </h2>
              <SiteProgress value={update.progress} label={`Avancement au ${formatDate(update.date)}`} />
              <p className="site-admin-text">{update.text}</p>
              {update.photos.length > 0 && (
                <ul className="site-admin-photos" aria-label="Photos">
                  {update.photos.map((photo, i) => (
                    <li key={photo.id}>
                      <PrivatePhoto
                        path={photo.thumbnail}
                        alt={`Photo ${i + 1} du ${formatDate(update.date)}`}
                        width={photo.width}
                        height={photo.height}
                      />
                    </li>
                  ))}
                </ul>
              )}
              {update.published && phone && (
                <p>
                  <a
                    className="btn btn-small btn-outline"
                    href={whatsappLink(
                      phone,
                      siteUpdateWhatsappMessage(request.client_first_name, update.phase_label, trackingUrl),
                    )}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    Prévenir sur WhatsApp
                    <span className="visually-hidden"> de la mise à jour du {formatDate(update.date)}</span>
                  </a>
                </p>
              )}
              <Can access="sitesWrite">
                <p className="row-actions">
                  {approved && (
                    <Link className="btn btn-small" to={paths.adminSiteUpdateEdit(request.id, update.id)}>
                      Modifier
                      <span className="visually-hidden"> la mise à jour du {formatDate(update.date)}</span>
                    </Link>
                  )}
                  <DeleteButton
                    what={`la mise à jour du ${formatDate(update.date)}`}
                    onClick={() => remove.request(update)}
                  />
                </p>
              </Can>
            </li>
          ))}
        </ol>
      )}
      {remove.dialog}
    </>
  );
}
