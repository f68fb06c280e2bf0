import type { ChangeEvent } from 'react';
import { imageMessages } from '#shared/schemas/images';
import { GALLERY_MAX, productMessages } from '#shared/schemas/product';
import { imageUrl } from '#shared/image-url';
import { imageFileProblem, useObjectUrl, type AdminFormState } from '#client/admin/kit';
import { formatFileSize } from '#shared/format';
import { newGalleryFiles, type ProductFormValues } from './product-form-values';

/**
 * The extra images shown after the main one (product rules, Entities; product rules: the form
 * adds images and removes existing ones). Stored images are marked for removal (sent as
 * remove_gallery[] with the save), new files are previewed before any upload and checked
 * here as the server will (image type, 2 MB each, 6 at most in all).
 */
export function GalleryEditor({
  form,
  stored,
}: {
  form: AdminFormState<ProductFormValues>;
  stored: readonly string[];
}) {
  const removed = form.values.remove_gallery;
  const added = newGalleryFiles(form.values);
  const error = form.errors.gallery ?? form.errors.remove_gallery;
  const inputId = form.fieldId('gallery');
  const kept = stored.filter((path) => !removed.includes(path)).length;

  function toggle(path: string, remove: boolean) {
    form.setValue('remove_gallery', remove ? [...removed, path] : removed.filter((item) => item !== path));
    form.setFieldError('gallery', undefined);
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    event.target.value = '';
    if (chosen.length === 0) return;
    // One refused file refuses the whole pick; a wrong type is said before a size.
    const refused = chosen.map((file) => imageFileProblem(file));
    const problem = refused.includes(imageMessages.notAnImage)
      ? imageMessages.notAnImage
      : (refused.find(Boolean) ??
        (kept + added.length + chosen.length > GALLERY_MAX ? productMessages.galleryTooMany : undefined));
    form.setFieldError('gallery', problem);
    if (!problem) form.setValue('gallery', [...added, ...chosen]);
  }

  return (
    <fieldset className="admin-fieldset" aria-describedby={error ? form.errorId('gallery') : undefined}>
      <legend>Galerie</legend>
      <p className="field-hint" id={form.hintId('gallery')}>
        Images supplémentaires affichées après l’image principale : {GALLERY_MAX} au maximum, 2MB chacune.
      </p>
      {stored.length > 0 && (
        <ul className="gallery-grid" aria-label="Images actuelles de la galerie">
          {stored.map((path, index) => {
            const isRemoved = removed.includes(path);
            return (
              <li key={path} className={isRemoved ? 'is-removed' : undefined}>
                <img src={imageUrl(path)} alt={`Image ${index + 1} de la galerie`} loading="lazy" />
                <label className="field-check">
                  <input
                    type="checkbox"
                    checked={isRemoved}
                    onChange={(event) => toggle(path, event.target.checked)}
                  />
                  <span>Retirer l’image {index + 1}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      {added.length > 0 && (
        <ul className="gallery-grid" aria-label="Nouvelles images à envoyer">
          {added.map((file, index) => (
            <NewImage
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              file={file}
              onRemove={() => {
                form.setValue(
                  'gallery',
                  added.filter((_file, i) => i !== index),
                );
                form.setFieldError('gallery', undefined);
              }}
            />
          ))}
        </ul>
      )}
      <div className="field">
        <label htmlFor={inputId}>Ajouter des images à la galerie</label>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          onChange={choose}
          disabled={kept + added.length >= GALLERY_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={[form.hintId('gallery'), error ? form.errorId('gallery') : null]
            .filter(Boolean)
            .join(' ')}
        />
      </div>
      {error && (
        <p className="field-error" id={form.errorId('gallery')}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

function NewImage({ file, onRemove }: { file: File; onRemove: () => void }) {
  const preview = useObjectUrl(file);
  return (
    <li>
      {preview && <img src={preview} alt={`Aperçu de ${file.name}`} />}
      <span className="field-hint">
        {file.name} ({formatFileSize(file.size)})
      </span>
      <button type="button" className="link-button" onClick={onRemove} aria-label={`Retirer ${file.name}`}>
        Retirer
      </button>
    </li>
  );
}
