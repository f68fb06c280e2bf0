import type { RefObject } from 'react';
import { ATTACHMENT_ACCEPT, ATTACHMENTS_FIELD } from '#shared/submission-rules';
import { formatFileSize } from '#shared/format';
import { ATTACHMENTS_LABEL, fieldId } from './submission-fields';

/**
 * The attachments (product rules, Validation): a native multiple file input, which is all a visitor
 * without JavaScript needs, and once the island runs, the list of picked files with their
 * size and a button to remove each. Problems (refused files, the server's answer) are
 * listed under the input.
 */
export interface AttachmentsFieldProps {
  files: readonly File[];
  problems: readonly string[];
  /** True once hydrated: picking adds to the list (several goes) instead of replacing it. */
  enhanced: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onPick: (picked: File[]) => void;
  onRemove: (index: number) => void;
}

export function AttachmentsField({
  files,
  problems,
  enhanced,
  inputRef,
  onPick,
  onRemove,
}: AttachmentsFieldProps) {
  const id = fieldId('attachments');
  const hintId = `${id}-aide`;
  const errorId = `${id}-erreur`;
  return (
    <div className="form-field form-field-wide">
      <label htmlFor={id}>
        {ATTACHMENTS_LABEL}
        <span className="muted"> (facultatif)</span>
      </label>
      <p id={hintId} className="field-hint">
        Formats acceptés : PDF, DOC, DOCX, JPG, JPEG, PNG, DWG. 10MB maximum par fichier, 25MB au total, 10
        fichiers au maximum.{enhanced && ' Vous pouvez ajouter des fichiers en plusieurs fois.'}
      </p>
      <input
        ref={inputRef}
        id={id}
        type="file"
        name={ATTACHMENTS_FIELD}
        multiple
        accept={ATTACHMENT_ACCEPT}
        aria-invalid={problems.length > 0 ? true : undefined}
        aria-describedby={problems.length > 0 ? `${hintId} ${errorId}` : hintId}
        onChange={(event) => {
          const picked = Array.from(event.target.files ?? []);
          // Emptied so the same file can be picked again after a removal; the list holds the files.
          event.target.value = '';
          onPick(picked);
        }}
      />
      {problems.length > 0 && (
        <ul id={errorId} className="field-error">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="file-list" aria-label="Fichiers sélectionnés">
          {files.map((file, index) => (
            <li key={`${file.name}-${file.size}-${file.lastModified}`}>
              <span className="file-name">{file.name}</span>
              <span className="muted">{formatFileSize(file.size)}</span>
              <button
                type="button"
                className="file-remove"
                aria-label={`Retirer ${file.name}`}
                onClick={() => onRemove(index)}
              >
                Retirer
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
