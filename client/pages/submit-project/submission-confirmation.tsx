import { useEffect, useRef } from 'react';
import { submissionMessages } from '#shared/submission-rules';
import type { SubmissionReceipt } from '#shared/readers/submissions';
import { paths } from '#shared/paths';
import { formatDate, formatFileSize } from '#shared/format';
import { whatsappLink } from '#shared/whatsapp';
import { WhatsAppMark } from '#client/components/whatsapp-mark';
import { safeHref } from '#client/lib/safe-url';
import { TrackingLinkBox } from './tracking-link-box';

/**
 * What replaces the form once a request is stored (docs/product-rules.md, "Confirmation of
 * a request"): the reference to quote, what was sent, the 48-hour promise, WhatsApp with
 * the reference already typed, and a way to send another request. Rendered by the page
 * after a post without JavaScript and by the form island after an XHR send, from the same
 * summary.
 */
export function SubmissionConfirmation({
  receipt,
  whatsapp,
  onAnother,
  focusOnMount = false,
}: {
  receipt: SubmissionReceipt;
  /** The company's WhatsApp number (site settings). */
  whatsapp: string;
  /** With JavaScript: empties the form in place. Without: a link reloads the page. */
  onAnother?: () => void;
  /** After an XHR send, the focus moves here so a screen reader announces the outcome. */
  focusOnMount?: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  const chat = safeHref(
    whatsappLink(
      whatsapp,
      `Bonjour, je vous écris au sujet de ma demande ${receipt.reference} (« ${receipt.projectTitle} »).`,
    ),
  );
  const rows: [string, string][] = [
    ['Nom', `${receipt.firstName} ${receipt.lastName}`],
    ['E-mail', receipt.email],
    ['Téléphone', receipt.phone],
    ['Projet', receipt.projectTitle],
    ['Type de projet', receipt.projectType],
    ['Budget', receipt.budget],
    ['Localisation', receipt.location],
    ['Début souhaité', receipt.startDate ? formatDate(receipt.startDate) : 'Non précisé'],
  ];

  return (
    <section className="notice notice-success submission-confirmation" aria-labelledby="confirmation-title">
      <h2 id="confirmation-title" className="notice-title" tabIndex={-1} ref={headingRef}>
        {submissionMessages.submitted}
      </h2>
      <p className="confirmation-reference">
        Votre référence : <strong>{receipt.reference}</strong>
      </p>
      <p>
        {submissionMessages.submittedDetail} Gardez cette référence : elle nous permet de retrouver votre
        demande quand vous nous appelez ou nous écrivez.
      </p>
      {receipt.trackingUrl && <TrackingLinkBox url={receipt.trackingUrl} canCopy={onAnother !== undefined} />}
      {/* docs/product-rules.md, "Tracking link": where to come back to, link lost or not. */}
      <p className="confirmation-tracking">
        Lien égaré plus tard ? Depuis n’importe quelle page du site,{' '}
        <a href={paths.tracking}>Suivre ma demande</a> vous en envoie un nouveau avec votre référence et votre
        adresse e-mail.
      </p>
      <h3>Ce que vous nous avez envoyé</h3>
      <dl className="confirmation-summary">
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div>
          <dt>Fichiers joints</dt>
          <dd>
            {receipt.attachments.length === 0 ? (
              'Aucun'
            ) : (
              <ul>
                {receipt.attachments.map((file, index) => (
                  <li key={`${index}-${file.name}`}>
                    {file.name} ({formatFileSize(file.size)})
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
      <div className="hero-actions">
        {chat && (
          <a className="btn btn-whatsapp" href={chat} rel="noopener noreferrer">
            <WhatsAppMark />
            Écrire sur WhatsApp
          </a>
        )}
        {onAnother ? (
          <button type="button" className="btn btn-outline" onClick={onAnother}>
            Envoyer une autre demande
          </button>
        ) : (
          <a className="btn btn-outline" href={paths.submitProject}>
            Envoyer une autre demande
          </a>
        )}
      </div>
    </section>
  );
}
