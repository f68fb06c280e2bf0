import { memo, useState } from 'react';
import { toast } from '#client/admin/kit';
import { copyText } from './copy-text';
import { formatUnixSeconds } from '#shared/format';
import { screenMessages } from './diagnostic-messages';
import type { ImageRecord } from './diagnostic-types';
import { absoluteUrl } from './image-urls';
import { sizeInKb } from './system-status';

/**
 * One stored image (product rules, Pages and routes, 'Liste des images'): preview, path, size in KB, last
 * modification (unix seconds x 1000, fr-FR), 'Voir' in a new tab and 'Copier URL'. A
 * preview that fails to load becomes a placeholder with a red border.
 */
export const ImageCard = memo(function ImageCard({ image }: { image: ImageRecord }) {
  const [broken, setBroken] = useState(false);

  async function copy() {
    const copied = await copyText(absoluteUrl(image.url, window.location.origin));
    if (copied) toast({ title: screenMessages.urlCopied, description: image.path });
    else toast({ title: 'Erreur', description: screenMessages.copyFailed, variant: 'destructive' });
  }

  return (
    <li className="diag-image-card">
      {broken ? (
        <div className="diag-image-broken" role="img" aria-label={`Aperçu indisponible : ${image.path}`}>
          <img src="/placeholder.svg" alt="" />
        </div>
      ) : (
        <img
          className="diag-image-preview"
          src={image.url}
          alt={image.path}
          loading="lazy"
          decoding="async"
          onError={() => setBroken(true)}
        />
      )}
      <p className="diag-image-path">
        <code>{image.path}</code>
      </p>
      <p className="diag-detail">
        {sizeInKb(image.size)} · modifiée le {formatUnixSeconds(image.last_modified)}
      </p>
      <div className="row-actions">
        <a
          className="btn btn-outline btn-small"
          href={image.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Voir ${image.path} (nouvel onglet)`}
        >
          Voir
        </a>
        <button
          type="button"
          className="btn btn-outline btn-small"
          onClick={() => void copy()}
          aria-label={`Copier URL de ${image.path}`}
        >
          Copier URL
        </button>
      </div>
    </li>
  );
});
