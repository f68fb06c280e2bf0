import { useId, type ChangeEvent } from 'react';
import { PROJECT_IMAGES_PER_LIST_MAX } from '#shared/schemas/project';
import { imageUrl } from '#shared/image-url';
import { imageFileProblem, useObjectUrl, type AdminFormState } from '#client/admin/kit';
import {
  IMAGE_LISTS,
  newImageRow,
  rowErrorKey,
  storedErrorKey,
  type ImageListName,
  type NewImageRow,
  type ProjectFormValues,
  type StoredImageRow,
} from './project-form-values';

type Form = AdminFormState<ProjectFormValues>;

const DESCRIPTION_HINT = 'Description requise lorsqu’une image est fournie';

/**
 * Architectural renders or project images (product rules, Entities and Validation; product rules): the stored ones
 * with their description editable and a remove toggle (edit form), then rows to add, each a
 * file with its preview and a description.
 */
export interface ImageListFieldProps {
  form: Form;
  list: ImageListName;
  title: string;
  addLabel: string;
  /** Names a stored image in labels and alt texts: 'Rendu', 'Image'. */
  kind: string;
  /** Names a row being added: 'Nouveau rendu', 'Nouvelle image'. */
  newKind: string;
}

export function ImageListField({ form, list, title, addLabel, kind, newKind }: ImageListFieldProps) {
  const headingId = useId();
  const rows = form.values[list];
  const stored = form.values[IMAGE_LISTS[list].stored];
  // 422 answers name the list, not the row (server/features/projects/project-uploads.ts).
  const listErrors = [
    ...IMAGE_LISTS[list].errorKeys,
    ...(list === 'renders' ? ['images', 'imageDescriptions', 'removeImageIds'] : []),
  ]
    .map((key) => form.errors[key])
    .filter(Boolean);

  const setRows = (next: NewImageRow[]) => form.setValue(list, next);
  const updateRow = (index: number, change: Partial<NewImageRow>) =>
    setRows(rows.map((row, i) => (i === index ? { ...row, ...change } : row)));
  const removeRow = (index: number) => {
    setRows(rows.filter((_row, i) => i !== index));
    // Row errors are keyed by position: the next validation recomputes them.
    for (let i = index; i < rows.length; i += 1) form.setFieldError(rowErrorKey(list, i), undefined);
  };
  const updateStored = (id: number, change: Partial<StoredImageRow>) =>
    form.setValue(
      IMAGE_LISTS[list].stored,
      stored.map((row) => (row.id === id ? { ...row, ...change } : row)),
    );

  return (
    <section className="image-list" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {stored.length > 0 && (
        <ul className="stored-images">
          {stored.map((row, index) => (
            <StoredImage
              key={row.id}
              form={form}
              list={list}
              row={row}
              name={`${kind} ${index + 1}`}
              onChange={(change) => updateStored(row.id, change)}
            />
          ))}
        </ul>
      )}
      {rows.length > 0 && (
        <ol className="new-images">
          {rows.map((row, index) => (
            <NewImage
              key={row.key}
              form={form}
              list={list}
              index={index}
              row={row}
              name={`${newKind} ${index + 1}`}
              onChange={(change) => updateRow(index, change)}
              onRemove={() => removeRow(index)}
            />
          ))}
        </ol>
      )}
      {stored.length === 0 && rows.length === 0 && <p className="muted">Aucune image pour le moment.</p>}
      {listErrors.map((message) => (
        <p key={message} className="field-error" role="alert">
          {message}
        </p>
      ))}
      <button
        type="button"
        className="btn btn-outline btn-small"
        disabled={rows.length >= PROJECT_IMAGES_PER_LIST_MAX}
        onClick={() => setRows([...rows, newImageRow()])}
      >
        {addLabel}
      </button>
    </section>
  );
}

function StoredImage({
  form,
  list,
  row,
  name,
  onChange,
}: {
  form: Form;
  list: ImageListName;
  row: StoredImageRow;
  name: string;
  onChange: (change: Partial<StoredImageRow>) => void;
}) {
  const key = storedErrorKey(list, row.id);
  const error = form.errors[key];
  const id = form.fieldId(key);
  return (
    <li className={`image-row${row.remove ? ' is-removed' : ''}`}>
      <img className="image-thumb" src={imageUrl(row.image)} alt={row.savedDescription || name} />
      <div className="image-row-fields">
        <div className={`field${error ? ' field-has-error' : ''}`}>
          <label htmlFor={id}>Description ({name})</label>
          <input
            id={id}
            type="text"
            value={row.description}
            disabled={row.remove}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? form.errorId(key) : undefined}
            onChange={(event) => {
              onChange({ description: event.target.value });
              if (error && event.target.value.trim()) form.setFieldError(key, undefined);
            }}
          />
          {error && (
            <p className="field-error" id={form.errorId(key)}>
              {error}
            </p>
          )}
        </div>
        <label className="field-check">
          <input
            type="checkbox"
            checked={row.remove}
            onChange={(event) => {
              onChange({ remove: event.target.checked });
              form.setFieldError(key, undefined);
            }}
          />
          <span>Supprimer ({name})</span>
        </label>
      </div>
    </li>
  );
}

function NewImage(props: {
  form: Form;
  list: ImageListName;
  index: number;
  row: NewImageRow;
  name: string;
  onChange: (change: Partial<NewImageRow>) => void;
  onRemove: () => void;
}) {
  const { form, list, index, row, name, onChange, onRemove } = props;
  const file = row.file instanceof File ? row.file : null;
  const preview = useObjectUrl(file);
  const key = rowErrorKey(list, index);
  const fileKey = `${list}.${index}.file`;
  const error = form.errors[key];
  const fileError = form.errors[fileKey];
  const fileId = form.fieldId(fileKey);
  const descriptionId = form.fieldId(key);
  const hintId = form.hintId(key);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    const refused = chosen ? imageFileProblem(chosen) : undefined;
    form.setFieldError(fileKey, refused);
    if (refused) {
      event.target.value = '';
      return;
    }
    onChange({ file: chosen, fileName: chosen?.name ?? '' });
  }

  return (
    <li className="image-row">
      {preview ? (
        <img className="image-thumb" src={preview} alt={`Aperçu de ${file?.name ?? 'l’image'}`} />
      ) : (
        <span className="image-thumb" aria-hidden="true" />
      )}
      <div className="image-row-fields">
        <div className={`field${fileError ? ' field-has-error' : ''}`}>
          <label htmlFor={fileId}>Fichier ({name})</label>
          <input
            id={fileId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            onChange={choose}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? form.errorId(fileKey) : undefined}
          />
          {!file && row.fileName && (
            <p className="field-hint lost-file">
              Image choisie avant l’interruption : {row.fileName}. Choisissez-la de nouveau.
            </p>
          )}
          {fileError && (
            <p className="field-error" id={form.errorId(fileKey)}>
              {fileError}
            </p>
          )}
        </div>
        <div className={`field${error ? ' field-has-error' : ''}`}>
          <label htmlFor={descriptionId}>Description ({name})</label>
          <input
            id={descriptionId}
            type="text"
            value={row.description}
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, error ? form.errorId(key) : null].filter(Boolean).join(' ')}
            onChange={(event) => {
              onChange({ description: event.target.value });
              if (error && event.target.value.trim()) form.setFieldError(key, undefined);
            }}
          />
          <p className="field-hint" id={hintId}>
            {DESCRIPTION_HINT}
          </p>
          {error && (
            <p className="field-error" id={form.errorId(key)}>
              {error}
            </p>
          )}
        </div>
        <button type="button" className="link-button" onClick={onRemove}>
          Retirer ({name})
        </button>
      </div>
    </li>
  );
}
