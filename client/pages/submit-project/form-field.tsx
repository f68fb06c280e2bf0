import type { ChangeEvent } from 'react';
import { fieldId, type FieldSpec } from './submission-fields';

/**
 * One labelled field of the submission form: the label (required ones marked, optional ones
 * said so), the control, and its message right under it, tied to the control by
 * aria-describedby so a screen reader reads it with the field.
 */
export interface FormFieldProps {
  field: FieldSpec;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

export function FormField({ field, value, error, onChange, onBlur }: FormFieldProps) {
  const id = fieldId(field.key);
  const errorId = `${id}-erreur`;
  const hintId = `${id}-aide`;
  const describedBy = [field.hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const common = {
    id,
    name: field.key,
    value,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    onBlur,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      onChange(event.target.value),
  };

  let control;
  if (field.kind === 'select') {
    control = (
      <select {...common}>
        <option value="">Sélectionnez une option</option>
        {field.options?.map((option) => (
          <option key={option} value={option}>
            {field.optionLabel ? field.optionLabel(option) : option}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'textarea') {
    control = <textarea {...common} rows={6} />;
  } else {
    control = <input {...common} type={field.kind} autoComplete={field.autoComplete} />;
  }

  return (
    <div className={field.wide ? 'form-field form-field-wide' : 'form-field'}>
      <label htmlFor={id}>
        {field.label}
        {field.required ? (
          <span className="required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : (
          <span className="muted"> (facultatif)</span>
        )}
      </label>
      {control}
      {field.hint && (
        <p id={hintId} className="field-hint">
          {field.hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
