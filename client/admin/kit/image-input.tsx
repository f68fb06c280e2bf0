import { useEffect, useState, type ChangeEvent } from 'react';
import { imageUrl } from '#shared/image-url';
import { formatFileSize } from '#shared/format';
import { imageFileProblem } from './image-file-problem';
import { CheckboxField, FieldFrame } from './form-fields';
import type { AdminForm, FormValues } from './form-state';

/**
 * An image file picker bound to a form value (File | null): shows the chosen file's preview
 * before any upload (an object URL, revoked when replaced), or the stored image
 * (`currentPath`, resolved by imageUrl). Checks the type and size in the browser
 * (imageFileProblem: image only, 2 MB); the server checks the bytes again. With
 * `removeName`, an optional stored image can be taken away: the form's flag of that name,
 * offered as a checkbox while no new file is chosen (a new file replaces it anyway).
 */
export interface ImageInputProps<V extends FormValues> {
  form: AdminForm<V>;
  name: keyof V & string;
  label: string;
  hint?: string;
  required?: boolean;
  /** Stored image path of an edited entity. */
  currentPath?: string | null;
  /** The boolean form value that takes the stored image away ('remove_image'). */
  removeName?: keyof V & string;
  /** Its checkbox's label; 'Retirer l’image actuelle' by default. */
  removeLabel?: string;
  /** Refuse files over this size (bytes); ADMIN_IMAGE_MAX_BYTES by default. */
  maxBytes?: number;
  accept?: string;
}

export function ImageInput<V extends FormValues>(props: ImageInputProps<V>) {
  const { form, name, label, hint, required, currentPath, maxBytes, removeName } = props;
  const file = form.values[name] instanceof File ? (form.values[name] as File) : null;
  const preview = useObjectUrl(file);
  const error = form.errors[name];
  const id = form.fieldId(name);
  const describedBy =
    [hint ? form.hintId(name) : null, error ? form.errorId(name) : null].filter(Boolean).join(' ') ||
    undefined;

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const problem = chosen ? imageFileProblem(chosen, maxBytes) : undefined;
    if (problem) {
      form.setFieldError(name, problem);
      event.target.value = '';
      return;
    }
    form.setFieldError(name, undefined);
    form.setValue(name, chosen as V[typeof name]);
  }

  const removing = removeName !== undefined && form.values[removeName] === true;
  const shown = preview ?? (currentPath && !removing ? imageUrl(currentPath) : null);
  const field = (
    <FieldFrame form={form} name={name} label={label} hint={hint} required={required} className="image-input">
      {shown && (
        <img
          className="image-preview"
          src={shown}
          alt={preview ? `Aperçu de ${file?.name ?? 'l’image'}` : 'Image actuelle'}
        />
      )}
      <input
        id={id}
        name={name}
        type="file"
        accept={props.accept ?? 'image/*'}
        onChange={choose}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {file && (
        <p className="field-hint">
          {file.name} ({formatFileSize(file.size)}){' '}
          <button
            type="button"
            className="link-button"
            onClick={() => form.setValue(name, null as V[typeof name])}
          >
            Retirer
          </button>
        </p>
      )}
    </FieldFrame>
  );
  if (!removeName || !currentPath || file) return field;
  return (
    <>
      {field}
      <CheckboxField form={form} name={removeName} label={props.removeLabel ?? 'Retirer l’image actuelle'} />
    </>
  );
}

/** An object URL for a file, revoked when the file changes or the component goes. */
export function useObjectUrl(file: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

/** The upload's progress (0..1) as a native <progress> with its percentage in words. */
export function UploadProgress({ value, label = 'Envoi en cours' }: { value: number; label?: string }) {
  const percent = Math.round(value * 100);
  return (
    <div className="upload-progress">
      <label>
        {label} : {percent} %
        <progress max={100} value={percent} />
      </label>
    </div>
  );
}
