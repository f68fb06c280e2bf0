import { useEffect, useId, useState } from 'react';
import {
  CONTACT_METHODS,
  SUBMISSION_STATUS_LABELS,
  SUBMISSION_STATUSES,
  submissionStatusUpdateSchema,
} from '#shared/schemas/submission';
import type { ContactMethod, ProjectSubmission } from '#shared/types';
import { paths } from '#shared/paths';
import {
  AdminForm,
  FormActions,
  SelectField,
  TextareaField,
  adminApi,
  toast,
  useAdminForm,
} from '#client/admin/kit';
import { OPEN_PARAM } from './use-submission-filters';

export const UPDATE_FAILED = 'Impossible de mettre à jour le statut';

const CONTACT_LABELS: Record<ContactMethod, string> = {
  email: 'Email',
  phone: 'Téléphone',
  whatsapp: 'WhatsApp',
};
const STATUS_OPTIONS = SUBMISSION_STATUSES.map((status) => ({
  value: status,
  label: SUBMISSION_STATUS_LABELS[status],
}));
const CONTACT_OPTIONS = CONTACT_METHODS.map((method) => ({ value: method, label: CONTACT_LABELS[method] }));

/** Notes and the client's message start empty: each save adds to the history, never rewrites it. */
function valuesOf(submission: ProjectSubmission) {
  return {
    status: submission.status as string,
    admin_notes: '',
    contact_method: submission.contact_method ?? '',
    client_message: '',
  };
}

/**
 * Product rules, States: any of the five statuses, free notes, a contact method or none. Saved with
 * PATCH .../status; the draft is kept per submission, so a session that ends while typing
 * gives the notes back once signed in again (the dialog's id is in the URL).
 *
 * One form in two places of the detail dialog: the notes in its body (SubmissionFollowUp),
 * the status and the save in its footer (SubmissionStatusBar), which stays in view however
 * far the dialog is scrolled; the footer's controls join the form by its id.
 */
export function useSubmissionStatusForm(
  submission: ProjectSubmission,
  onSaved: (message: string | undefined) => void,
) {
  const [failure, setFailure] = useState<string | null>(null);
  const formId = useId();
  const form = useAdminForm({
    schema: submissionStatusUpdateSchema,
    initialValues: valuesOf(submission),
    draftKey: `${paths.adminSubmissions}?${OPEN_PARAM}=${submission.id}`,
    waitForLoad: true,
    onSubmit: (data) => {
      setFailure(null);
      // No new note typed: the latest one stays (an empty one would clear it).
      const { admin_notes, ...rest } = data;
      return adminApi<{ message?: string }>(`/admin/project-submissions/${submission.id}/status`, {
        method: 'PATCH',
        json: admin_notes ? { ...rest, admin_notes } : rest,
      });
    },
    onSuccess: (answer) => onSaved(answer?.message),
    onError: (error) => {
      const reason = error instanceof Error ? error.message : null;
      // The toaster sits under the modal's backdrop: the dialog says it too.
      setFailure(reason ? `${UPDATE_FAILED} : ${reason}` : UPDATE_FAILED);
      toast({ title: 'Erreur', description: UPDATE_FAILED, variant: 'destructive' });
    },
  });
  const { load, dirtyRef } = form;
  // The row as last read (the list may reload while the dialog is open), never over typing.
  useEffect(() => {
    if (!dirtyRef.current) load(valuesOf(submission));
  }, [load, dirtyRef, submission]);
  return { form, failure, formId };
}

type StatusForm = ReturnType<typeof useSubmissionStatusForm>;

/** The body's part: contact method, the latest note, a new note, a message to the client. */
export function SubmissionFollowUp({
  submission,
  status: { form, failure, formId },
}: {
  submission: ProjectSubmission;
  status: StatusForm;
}) {
  return (
    <AdminForm form={form} id={formId} className="submission-status-form" label="Suivi de la soumission">
      <SelectField
        form={form}
        name="contact_method"
        label="Méthode de contact"
        placeholder="Non précisée"
        options={CONTACT_OPTIONS}
      />
      {submission.admin_notes && (
        <p className="muted">
          Dernière note : <span className="submission-latest-note">{submission.admin_notes}</span>
        </p>
      )}
      <TextareaField
        form={form}
        name="admin_notes"
        label="Nouvelle note interne"
        rows={3}
        hint="Visible uniquement par l’équipe ; ajoutée à l’historique, datée et signée."
      />
      <TextareaField
        form={form}
        name="client_message"
        label="Message au client (facultatif)"
        rows={3}
        hint="Affiché sur sa page de suivi et envoyé à son adresse e-mail."
      />
      {failure && (
        <p className="form-error" role="alert">
          {failure}
        </p>
      )}
    </AdminForm>
  );
}

/** The footer's part: the status, 'Annuler' and 'Enregistrer', always in view. */
export function SubmissionStatusBar({
  status: { form, formId },
  onCancel,
}: {
  status: StatusForm;
  onCancel: () => void;
}) {
  return (
    <div className="submission-status-bar">
      <SelectField
        form={form}
        formId={formId}
        name="status"
        label="Statut"
        options={STATUS_OPTIONS}
        required
      />
      <FormActions form={form} formId={formId} submitLabel="Enregistrer" onCancel={onCancel} />
    </div>
  );
}
