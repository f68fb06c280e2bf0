import { useState } from 'react';
import type { ProjectSubmission } from '#shared/types';
import { adminApi, failureText, isSessionEnd, toast } from '#client/admin/kit';
import { whatsappLink } from '#shared/whatsapp';
import { internationalDigits } from '#client/admin/kit/submission-contact';

export const LINK_FAILED = 'Impossible de créer un nouveau lien de suivi';

type Channel = 'email' | 'whatsapp' | null;

/** The French message sent on WhatsApp: the reference and the link, nothing else personal. */
export function trackingWhatsappMessage(firstName: string, reference: string, url: string): string {
  return `Bonjour ${firstName}, voici le lien privé pour suivre votre demande ${reference} : ${url}`;
}

/** A wa.me link to the client's number (Benin numbers given the +229 they lack), or null. */
export function trackingWhatsappHref(
  submission: Pick<ProjectSubmission, 'phone' | 'first_name' | 'reference'>,
  url: string,
): string | null {
  const digits = internationalDigits(submission.phone);
  return digits
    ? whatsappLink(digits, trackingWhatsappMessage(submission.first_name, submission.reference, url))
    : null;
}

/**
 * The private tracking link in the detail dialog (docs/product-rules.md, "Tracking link").
 * Only the token's hash is stored, so an existing link can never be shown again: each
 * action here makes a new one, which replaces the old at once, and that fresh link can be
 * copied, mailed (outbox) or sent from the staff's WhatsApp.
 */
export function TrackingLinkPanel({ submission }: { submission: ProjectSubmission }) {
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);

  const issue = async (channel: Channel): Promise<string | null> => {
    setBusy(true);
    setProblem(null);
    setCopied(null);
    try {
      const answer = await adminApi<{ tracking_url: string; message: string }>(
        `/admin/project-submissions/${submission.id}/tracking-link`,
        { method: 'POST', json: channel ? { channel } : {} },
      );
      setUrl(answer.tracking_url);
      toast({ title: 'Lien de suivi', description: answer.message });
      return answer.tracking_url;
    } catch (error) {
      if (!isSessionEnd(error)) setProblem(`${LINK_FAILED} : ${failureText(error, 'erreur inconnue')}`);
      return null;
    } finally {
      setBusy(false);
    }
  };

  const sendOnWhatsapp = async () => {
    // Opened before the request, while the click still allows a new window; filled after.
    const opened = window.open('', '_blank');
    // The chat page must not reach back into the back office.
    if (opened) opened.opener = null;
    const fresh = await issue('whatsapp');
    const href = fresh ? trackingWhatsappHref(submission, fresh) : null;
    if (opened && href) opened.location.href = href;
    else opened?.close();
  };

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Lien copié.');
    } catch {
      setCopied('Copie impossible : sélectionnez le lien.');
    }
  };

  /** A link made with the other buttons, sent on WhatsApp after all: recorded as the contact method. */
  const recordWhatsapp = () => {
    void adminApi(`/admin/project-submissions/${submission.id}/status`, {
      method: 'PATCH',
      json: { status: submission.status, contact_method: 'whatsapp' },
    }).catch(() => undefined);
  };

  const whatsappHref = url ? trackingWhatsappHref(submission, url) : null;
  const canWhatsapp = internationalDigits(submission.phone) !== null;
  return (
    <div className="tracking-link-panel">
      <p className="muted">
        Le lien de suivi n’est visible qu’au moment où il est créé : seule son empreinte est conservée. Chaque
        bouton crée un nouveau lien, et l’ancien (celui du courriel de confirmation) cesse aussitôt de
        fonctionner.
      </p>
      <div className="form-actions">
        <button
          type="button"
          className="btn btn-outline btn-small"
          disabled={busy}
          onClick={() => void issue(null)}
        >
          Générer un nouveau lien
        </button>
        <button
          type="button"
          className="btn btn-outline btn-small"
          disabled={busy}
          onClick={() => void issue('email')}
        >
          Envoyer un nouveau lien par e-mail
        </button>
        <button
          type="button"
          className="btn btn-outline btn-small"
          disabled={busy || !canWhatsapp}
          title={canWhatsapp ? undefined : 'Numéro inutilisable pour WhatsApp'}
          onClick={() => void sendOnWhatsapp()}
        >
          Envoyer un nouveau lien par WhatsApp
        </button>
      </div>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
      {url && (
        <div className="tracking-link-fresh">
          <label htmlFor={`tracking-link-${submission.id}`}>Nouveau lien (valable jusqu’au prochain)</label>
          <input
            id={`tracking-link-${submission.id}`}
            type="text"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
          />
          <div className="form-actions">
            <button type="button" className="btn btn-outline btn-small" onClick={() => void copy()}>
              Copier le lien
            </button>
            {whatsappHref && (
              <a
                className="btn btn-outline btn-small"
                href={whatsappHref}
                target="_blank"
                rel="noopener noreferrer"
                onClick={recordWhatsapp}
              >
                Ouvrir WhatsApp avec ce lien
              </a>
            )}
            <span role="status">{copied}</span>
          </div>
        </div>
      )}
    </div>
  );
}
