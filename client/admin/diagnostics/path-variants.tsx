import { useId, useState } from 'react';
import { imagePathVariants } from './image-urls';
import { UrlCheck } from './url-check';

/** The image tester's list of URLs to try for one path (product rules, Entities's resolver shapes). */
export function PathVariants({ initialPath }: { initialPath: string }) {
  const id = useId();
  const [path, setPath] = useState(initialPath);
  const [seen, setSeen] = useState(initialPath);
  if (initialPath !== seen) {
    setSeen(initialPath);
    setPath(initialPath);
  }
  const [runAll, setRunAll] = useState(0);
  const variants = imagePathVariants(path);

  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Variantes de chemin à essayer</h2>
      <div className="diag-inline-form">
        <div className="field">
          <label htmlFor={`${id}-path`}>Chemin à tester</label>
          <input
            id={`${id}-path`}
            type="text"
            value={path}
            onChange={(event) => setPath(event.target.value)}
            placeholder="products/photo.jpg"
            autoComplete="off"
            spellCheck={false}
          />
        </div>
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
