import { useState } from 'react';
import { safeHref } from '#client/lib/safe-url';

/**
 * The private tracking link in the confirmation (docs/product-rules.md, "Tracking link"):
 * the address in full, selectable, and with JavaScript a 'Copier le lien' button. Without
 * JavaScript there is no button that would do nothing: the link can be opened, selected
 * or found again in the confirmation e-mail.
 */
export function TrackingLinkBox({ url, canCopy }: { url: string; canCopy: boolean }) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const href = safeHref(url);
  if (!href) return null;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      // An insecure page or a refused permission: the address stays selectable.
      setCopied('no');
    }
  };
  return (
    <div className="tracking-link-box">
      <h3>Suivre votre demande</h3>
      <p>
        Votre lien de suivi privé (envoyé aussi par e-mail) : le statut de votre demande et nos messages, à
        tout moment, depuis votre téléphone. Gardez-le pour vous.
      </p>
      <p className="tracking-link">
        <a href={href} rel="noreferrer">
          {url}
        </a>
      </p>
      {canCopy && (
        <p>
          <button type="button" className="btn btn-outline btn-small" onClick={() => void copy()}>
            Copier le lien
          </button>{' '}
          <span role="status">
            {copied === 'yes'
              ? 'Lien copié.'
              : copied === 'no'
                ? 'Copie impossible : sélectionnez le lien.'
                : ''}
          </span>
        </p>
      )}
    </div>
  );
}
