import { useId, useState } from 'react';
import { storedPath, typedImageUrl, type ImageUrlKind } from './image-urls';
import { KindSelect } from './kind-select';
import { PathField, useProposedPath } from './path-field';
import { UrlCheck } from './url-check';

/** The image tester's URL by type (product rules, Entities: {api}/images/{type}/{path}). */
export function UrlGenerator({ initialPath }: { initialPath: string }) {
  const id = useId();
  const [type, setType] = useState<ImageUrlKind>('misc');
  const [path, setPath] = useProposedPath(initialPath);
  const url = storedPath(path) ? typedImageUrl(type, path) : '';

  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Générer une URL d'image</h2>
      <div className="form-grid">
        <KindSelect id={`${id}-type`} label="Type" value={type} onChange={setType} />
        <PathField id={`${id}-path`} label="Chemin" value={path} onChange={setPath} />
      </div>
      {url ? (
        <ul className="diag-url-list">
          <UrlCheck key={url} label="URL générée" url={url} />
        </ul>
      ) : (
        <p className="muted">Saisissez un chemin pour générer l'URL.</p>
      )}
    </section>
  );
}
