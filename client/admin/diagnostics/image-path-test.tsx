import { useId, useState, type FormEvent } from 'react';
import { CheckCard } from './check-card';
import type { CheckResult } from './check-result';

/**
 * The API diagnostic's test of one image path (product rules, Pages and routes and API): HEAD on the URL
 * built from the path, 5 s; the URL tested is shown, and previewed once it answered with
 * an image.
 */
export function ImagePathTest({
  path,
  onPathChange,
  result,
  onTest,
}: {
  path: string;
  onPathChange: (path: string) => void;
  result: CheckResult;
  onTest: () => void;
}) {
  const id = useId();
  const url = result.status === 'pending' ? undefined : result.target;
  const [previewFailed, setPreviewFailed] = useState(false);

  // A new URL gets its own chance to show.
  const [previewOf, setPreviewOf] = useState(url);
  if (url !== previewOf) {
    setPreviewOf(url);
    setPreviewFailed(false);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    onTest();
  }

  return (
    <CheckCard title="Test d'une image" result={result} wide>
      <form className="diag-inline-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={id}>Chemin de l'image</label>
          <input
            id={id}
            type="text"
            value={path}
            onChange={(event) => onPathChange(event.target.value)}
            aria-describedby={`${id}-hint`}
            autoComplete="off"
            spellCheck={false}
          />
          <p className="field-hint" id={`${id}-hint`}>
            Un chemin enregistré (products/photo.jpg, storage/…), une adresse du site (/storage/…) ou une URL
            complète.
          </p>
        </div>
        <button type="submit" className="btn btn-primary btn-small" disabled={result.status === 'pending'}>
          Tester l'image
        </button>
      </form>
      {url && (
        <p className="diag-detail">
          URL testée : <code>{url}</code>
        </p>
      )}
      {result.status === 'success' && url && !previewFailed && (
        <img
          className="image-preview"
          src={url}
          alt={`Aperçu de ${url}`}
          onError={() => setPreviewFailed(true)}
        />
      )}
    </CheckCard>
  );
}
