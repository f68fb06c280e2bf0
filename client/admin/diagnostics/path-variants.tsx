import { useId, useState } from 'react';
import { imagePathVariants } from './image-urls';
import { PathField, useProposedPath } from './path-field';
import { UrlCheck } from './url-check';

/** The image tester's list of URLs to try for one path (product rules, Entities's resolver shapes). */
export function PathVariants({ initialPath }: { initialPath: string }) {
  const id = useId();
  const [path, setPath] = useProposedPath(initialPath);
  const [runAll, setRunAll] = useState(0);
  const variants = imagePathVariants(path);

  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Variantes de chemin à essayer</h2>
      <div className="diag-inline-form">
        <PathField id={`${id}-path`} label="Chemin à tester" value={path} onChange={setPath} />
        <button
          type="button"
          className="btn btn-primary btn-small"
          onClick={() => setRunAll((n) => n + 1)}
          disabled={variants.length === 0}
        >
          Vérifier toutes les variantes
        </button>
      </div>
      {variants.length === 0 ? (
        <p className="muted">Saisissez un chemin (ou envoyez une image) pour lister les variantes.</p>
      ) : (
        <ul className="diag-url-list">
          {variants.map((variant) => (
            <UrlCheck key={variant.url} label={variant.label} url={variant.url} runSignal={runAll} />
          ))}
        </ul>
      )}
    </section>
  );
}
