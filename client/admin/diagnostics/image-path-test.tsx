import { useId, useState, type FormEvent } from 'react';
import { checkImageUrl } from './api-checks';
import { CheckCard } from './check-card';
import type { CheckResult } from './check-result';
import { imageCheckMessages } from './diagnostic-messages';
import { builtImageUrl } from './image-urls';

/**
 * The API diagnostic's test of one image path (spec sections 2 and 7): HEAD on the URL
 * built from the path, 5 s; the preview only once the URL answered with an image.
 */
export function ImagePathTest({ path, onPathChange, result, onTest }: {
  path: string;
  onPathChange: (path: string) => void;
  result: CheckResult;
  onTest: () => void;
}) {
  const id = useId();
  const url = path.trim() ? builtImageUrl(path) : '';
  const [previewFailed, setPreviewFailed] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setPreviewFailed(false);
    onTest();
  }

  return (
    <CheckCard title="Test d'une image" result={result} wide>
      <form className="diag-inline-form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={id}>Chemin de l'image</label>
          <input id={id} type="text" value={path} onChange={(event) => onPathChange(event.target.value)} aria-describedby={`${id}-hint`} autoComplete="off" spellCheck={false} />
          <p className="field-hint" id={`${id}-hint`}>
            Un chemin enregistré (products/photo.jpg, storage/…), une adresse du site (/storage/…) ou une URL complète.
          </p>
        </div>
        <button type="submit" className="btn btn-primary btn-small" disabled={result.status === 'pending'}>
          Tester l'image
        </button>
      </form>
      {url && result.status !== 'idle' && result.message !== imageCheckMessages.noPath && (
        <p className="diag-detail">
          URL testée : <code>{url}</code>
        </p>
      )}
      {result.status === 'success' && url && !previewFailed && (
        <img className="image-preview" src={url} alt={`Aperçu de ${path.trim()}`} onError={() => setPreviewFailed(true)} />
      )}
    </CheckCard>
  );
}
