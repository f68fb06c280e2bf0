import type { ChangeEvent } from 'react';
import { imageUrl } from '#shared/image-url';
import { imageFileProblem, useObjectUrl, type AdminFormState } from '#client/admin/kit';
import { formatFileSize } from '#shared/format';
import type { ProjectFormValues } from './project-form-values';

/**
 * The main image (product rules, Validation: required, a new file or the stored one; product rules: an edit
 * can remove or replace it). Shows the chosen file's preview before upload, else the stored
 * image; the stored one can be removed (then a new file is required) and brought back.
 * Like the kit's ImageInput, but it also keeps the file's name in the form, so that a
 * restored draft can say which file to choose again.
 */
export function MainImageField({
  form,
  savedPath,
}: {
  form: AdminFormState<ProjectFormValues>;
  savedPath: string;
}) {
  const { values } = form;
  const file = values.main_image instanceof File ? values.main_image : null;
  const preview = useObjectUrl(file);
  const error = form.errors.main_image;
  const id = form.fieldId('main_image');
  const hintId = form.hintId('main_image');
  const lostName = !file && values.main_image_name ? values.main_image_name : '';

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const refused = chosen ? imageFileProblem(chosen) : undefined;
    if (refused) {
      form.setFieldError('main_image', refused);
      event.target.value = '';
      return;
    }
    form.setFieldError('main_image', undefined);
    form.setValues({ main_image: chosen, main_image_name: chosen?.name ?? '' });
  }

  const clearChosen = () => form.setValues({ main_image: null, main_image_name: '' });

  return (
    <div className={`field image-input${error ? ' field-has-error' : ''}`}>
      <label htmlFor={id}>
        Image principale<span aria-hidden="true"> *</span>
      </label>
      {preview ? (
        <img className="image-preview" src={preview} alt={`Aperçu de ${file?.name ?? 'l’image'}`} />
      ) : values.current_main_image ? (
        <img
          className="image-preview"
          src={imageUrl(values.current_main_image)}
          alt="Image principale actuelle"
        />
      ) : null}
      <input
        id={id}
        name="main_image"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        onChange={choose}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? form.errorId('main_image') : null].filter(Boolean).join(' ')}
      />
      {file && (
        <p className="field-hint">
          {file.name} ({formatFileSize(file.size)}){' '}
          <button type="button" className="link-button" onClick={clearChosen}>
            Retirer
          </button>
        </p>
      )}
      {lostName && (
        <p className="field-hint lost-file">
          Image choisie avant l’interruption : {lostName}. Choisissez-la de nouveau.
        </p>
      )}
      {!file && values.current_main_image && (
        <p className="field-hint">
          <button
            type="button"
            className="link-button"
            onClick={() => form.setValue('current_main_image', '')}
          >
            Retirer l’image actuelle
          </button>
        </p>
      )}
      {savedPath && !values.current_main_image && (
        <p className="field-hint">
          <button
            type="button"
            className="link-button"
            onClick={() => form.setValue('current_main_image', savedPath)}
          >
            Rétablir l’image actuelle
          </button>
        </p>
      )}
      <p className="field-hint" id={hintId}>
        {savedPath ? 'Choisir un fichier remplace l’image actuelle. ' : ''}Image JPEG, PNG ou WebP, 2 Mo au
        maximum.
      </p>
      {error && (
        <p className="field-error" id={form.errorId('main_image')}>
          {error}
        </p>
      )}
    </div>
  );
}
