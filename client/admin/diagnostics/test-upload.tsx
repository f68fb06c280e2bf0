import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { imageMessages } from '#shared/schemas/images';
import {
  adminUpload,
  imageFileProblem,
  isSessionEnd,
  toast,
  UploadProgress,
  useObjectUrl,
} from '#client/admin/kit';
import type { UploadAnswer } from './diagnostic-types';
import type { ImageUrlKind } from './image-urls';
import { KindSelect } from './kind-select';

/**
 * The image tester's upload (product rules, Pages and routes and API: POST /upload-image, multipart field
 * `image`, bearer; answers path and url). The optional `type` names the folder. The file
 * is checked like every back-office image (type, 2 MB) before it leaves the browser.
 */
export function TestUpload({ onUploaded }: { onUploaded: (answer: UploadAnswer) => void }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [type, setType] = useState<ImageUrlKind>('misc');
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploaded, setUploaded] = useState<UploadAnswer | null>(null);
  const preview = useObjectUrl(file);
  const sending = progress !== null;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setError(null);
    const problem = chosen ? imageFileProblem(chosen) : undefined;
    if (problem) {
      setError(problem);
      event.target.value = '';
      setFile(null);
      return;
    }
    setFile(chosen);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!file) {
      setError(imageMessages.required);
      return;
    }
    const body = new FormData();
    body.append('type', type);
    body.append('image', file);
    setError(null);
    setProgress(0);
    try {
      const answer = await adminUpload<UploadAnswer>('/upload-image', body, {
        onProgress: setProgress,
      });
      setUploaded(answer);
      onUploaded(answer);
      toast({ title: 'Image envoyée', description: "L'image de test a bien été enregistrée." });
    } catch (failure) {
      if (isSessionEnd(failure)) return;
      const message =
        failure instanceof Error && failure.message
          ? failure.message
          : "Une erreur s'est produite lors de l'envoi de l'image.";
      setError(message);
      toast({ title: 'Erreur', description: message, variant: 'destructive' });
    } finally {
      setProgress(null);
    }
  }

  return (
    <section className="admin-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Envoyer une image de test</h2>
      <form className="diag-form" onSubmit={submit} noValidate>
        <div className="form-grid">
          <KindSelect id={`${id}-type`} label="Type d'image" value={type} onChange={setType} />
          <div className={`field${error ? ' field-has-error' : ''}`}>
            <label htmlFor={`${id}-file`}>Image</label>
            <input
              id={`${id}-file`}
              name="image"
              type="file"
              accept="image/*"
              onChange={choose}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : `${id}-hint`}
            />
            <p className="field-hint" id={`${id}-hint`}>
              JPEG, PNG ou WebP, 2 MB au plus.
            </p>
            {error && (
              <p className="field-error" id={`${id}-error`} role="alert">
                {error}
              </p>
            )}
          </div>
        </div>
        {preview && (
          <img className="image-preview" src={preview} alt={`Aperçu de ${file?.name ?? 'l’image'}`} />
        )}
        <div className="form-actions">
          {sending && <UploadProgress value={progress} />}
          <button type="submit" className="btn btn-primary" disabled={sending}>
            {sending ? 'Chargement...' : "Envoyer l'image"}
          </button>
        </div>
      </form>
      {uploaded && (
        <div className="diag-upload-result" aria-live="polite">
          <dl className="diag-facts">
            <dt>Chemin</dt>
            <dd>
              <code>{uploaded.path}</code>
            </dd>
            <dt>URL</dt>
            <dd>
              <a href={uploaded.url} target="_blank" rel="noopener noreferrer">
                {uploaded.url}
              </a>
            </dd>
          </dl>
          <img className="image-preview" src={uploaded.url} alt={`Image envoyée : ${uploaded.path}`} />
        </div>
      )}
    </section>
  );
}
