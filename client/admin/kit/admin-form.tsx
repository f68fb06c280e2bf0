import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { UnsavedChangesPrompt } from './unsaved-changes';
import { UploadProgress } from './image-input';
import type { AdminForm as Form, FormValues } from './form-state';

/**
 * The <form> of a back-office screen: binds submit, renders the unsaved-changes prompt and
 * a note when a draft was restored. Validation messages are shown by the fields.
 */
export function AdminForm<V extends FormValues>({
  form,
  children,
  className,
  label,
  id,
}: {
  form: Form<V>;
  children: ReactNode;
  className?: string;
  label?: string;
  /** For controls placed outside it (a dialog's footer), which name it in their `form`. */
  id?: string;
}) {
  return (
    <form
      ref={form.formRef}
      id={id}
      className={`admin-form${className ? ` ${className}` : ''}`}
      onSubmit={form.handleSubmit}
      noValidate
      aria-label={label}
      aria-busy={form.submitting || undefined}
    >
      {form.restoredDraft && (
        <p className="draft-note" role="status">
          Votre saisie non enregistrée a été restaurée.
        </p>
      )}
      {form.errors._form && (
        <p className="field-error" role="alert">
          {form.errors._form}
        </p>
      )}
      {children}
      <UnsavedChangesPrompt form={form} />
    </form>
  );
}

/**
 * Submit and cancel. While saving the button shows `submittingLabel` ('Chargement...' by
 * default, product rules, States; 'Enregistrement...' for offers) and is disabled; an upload in
 * progress shows its bar. Cancel forgets the draft and goes to `cancelTo` (or calls `onCancel`)
 * without asking.
 */
export function FormActions<V extends FormValues>(props: {
  form: Form<V>;
  submitLabel: string;
  submittingLabel?: string;
  cancelTo?: string;
  /** Instead of `cancelTo`: what cancelling does once the draft is forgotten (a dialog closes). */
  onCancel?: () => void;
  cancelLabel?: string;
  /** The id of the <form> when the buttons sit outside it (a dialog's footer). */
  formId?: string;
}) {
  const {
    form,
    submitLabel,
    submittingLabel = 'Chargement...',
    cancelTo,
    onCancel,
    cancelLabel = 'Annuler',
    formId,
  } = props;
  const navigate = useNavigate();
  return (
    <div className="form-actions">
      {form.progress !== null && <UploadProgress value={form.progress} />}
      {(cancelTo || onCancel) && (
        <button
          type="button"
          className="btn btn-outline"
          disabled={form.submitting}
          onClick={() => {
            form.discard();
            if (onCancel) onCancel();
            else if (cancelTo) navigate(cancelTo);
          }}
        >
          {cancelLabel}
        </button>
      )}
      <button
        type="submit"
        form={formId}
        className="btn btn-primary"
        disabled={form.submitting || !form.ready}
      >
        {form.submitting ? submittingLabel : submitLabel}
      </button>
    </div>
  );
}
