import { useRef, useState } from 'react';
import { SUBMISSION_HONEYPOT_FIELD, attachmentLimitProblem } from '#shared/submission-rules';
import { sendMessages, SUBMISSION_FIELD_KEYS, type SubmissionDraft } from '#shared/submission-outcome';
import { ToastRegion, type ToastSettings } from '#client/components/toast';
import { island } from '#client/lib/island';
import { CONNECTION_LOST_MESSAGE } from '#client/lib/resumable-upload';
import { usePublicForm } from '#client/lib/use-public-form';
import { AttachmentsField } from '#client/pages/submit-project/attachments-field';
import { addFiles } from '#client/pages/submit-project/file-selection';
import { FormField } from '#client/pages/submit-project/form-field';
import {
  emptyValues,
  loadSchema,
  sendSubmission,
  type FileUploadState,
  SUBMISSION_ACTION,
  submissionRefusal,
  validateValues,
  type FormValues,
} from '#client/pages/submit-project/send-submission';
import { TEXT_FIELDS, fieldId } from '#client/pages/submit-project/submission-fields';
import { SubmissionConfirmation } from '#client/pages/submit-project/submission-confirmation';
import type { SubmissionReceipt } from '#shared/readers/submissions';

/**
 * The public project request form (product rules, States, Validation and Messages and errors). The server renders it as a
 * plain multipart form posting to the API, which works without JavaScript (the server then
 * redirects back with the outcome). Once hydrated, the public form hook checks the fields
 * with the shared schema before sending, sends by XHR with a progress bar, and never loses
 * what was typed when the server refuses; this island keeps the list of files picked in
 * several goes.
 */
/** A success closes by itself; an error stays until the visitor closes it. */
const TOASTS: ToastSettings = { dismissAfterMs: { default: 8000, destructive: null } };

/** The confirmation's summary, from what this form sent and the reference the server gave it. */
function receiptOf(
  reference: string,
  trackingUrl: string | null,
  values: FormValues,
  files: readonly File[],
): SubmissionReceipt {
  return {
    reference,
    trackingUrl,
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    projectTitle: values.projectTitle.trim(),
    projectType: values.projectType,
    budget: values.budget,
    location: values.location.trim(),
    startDate: values.startDate || null,
    attachments: files.map((file) => ({ name: file.name, size: file.size })),
  };
}

/** What a refused post without JavaScript held, minus what is no text field (the files). */
function restoredValues(draft: SubmissionDraft | null): Partial<FormValues> | undefined {
  if (!draft) return undefined;
  const restored: Partial<FormValues> = {};
  for (const field of TEXT_FIELDS) restored[field.key] = draft.values[field.key];
  return restored;
}

function SubmitProjectForm({ whatsapp, draft = null }: { whatsapp: string; draft?: SubmissionDraft | null }) {
  const [confirmed, setConfirmed] = useState<SubmissionReceipt | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [refusedFiles, setRefusedFiles] = useState<string[]>([]);
  const [fileStates, setFileStates] = useState<FileUploadState[]>([]);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const form = usePublicForm({
    emptyValues,
    // After a refused post without JavaScript: every typed field back, each message beside its field.
    restored: restoredValues(draft),
    initialErrors: draft?.errors,
    fields: SUBMISSION_FIELD_KEYS,
    fieldId,
    schema: { load: loadSchema, check: validateValues },
    extraCheck: () => {
      const limit = attachmentLimitProblem(files);
      return limit ? { attachments: limit.message } : {};
    },
    strictAfterAttempt: true,
    send: (values, transfer) => sendSubmission(values, files, transfer, setFileStates),
    sent: (result, values) => {
      // The form gives way to the confirmation, which outlives the toast.
      if (result.reference) setConfirmed(receiptOf(result.reference, result.trackingUrl, values, files));
      setFiles([]);
      setRefusedFiles([]);
      return { title: result.title, description: result.message };
    },
    refused: { title: sendMessages.errorTitle, network: sendMessages.network, read: submissionRefusal },
    toasts: TOASTS,
  });

  const pick = (picked: File[]) => {
    const selection = addFiles(files, picked);
    setFiles(selection.files);
    setRefusedFiles(selection.refused);
    form.setFieldError('attachments', undefined);
  };

  const remove = (index: number) => {
    setFiles((current) => current.filter((_, i) => i !== index));
    setRefusedFiles([]);
    form.setFieldError('attachments', undefined);
    fileInputRef.current?.focus();
  };

  const attachmentProblems = [...refusedFiles, ...(form.errors.attachments ? [form.errors.attachments] : [])];

  if (confirmed) {
    return (
      <>
        <SubmissionConfirmation
          receipt={confirmed}
          whatsapp={whatsapp}
          onAnother={() => setConfirmed(null)}
          focusOnMount
        />
        <ToastRegion store={form.toasts} />
      </>
    );
  }

  return (
    <>
      <form
        className="submit-form"
        action={SUBMISSION_ACTION}
        method="post"
        encType="multipart/form-data"
        noValidate={form.enhanced}
        onFocus={form.prepare}
        aria-busy={form.sending}
        onSubmit={form.handleSubmit}
      >
        <p className="muted form-note">
          Les champs marqués d’un <span className="required">*</span> sont obligatoires.
        </p>
        <div className="form-grid">
          {TEXT_FIELDS.map((field) => (
            <FormField
              key={field.key}
              field={field}
              value={form.values[field.key]}
              error={form.errors[field.key]}
              onChange={(value) => form.change(field.key, value)}
              onBlur={() => form.blur(field.key)}
            />
          ))}
          <AttachmentsField
            files={files}
            problems={attachmentProblems}
            enhanced={form.enhanced}
            inputRef={fileInputRef}
            onPick={pick}
            onRemove={remove}
          />
        </div>
        {/* Hidden from people and assistive technologies; robots fill it (product rules, API). */}
        <div className="hp" aria-hidden="true">
          <label htmlFor="projet-website">Site web (laisser vide)</label>
          <input
            id="projet-website"
            type="text"
            name={SUBMISSION_HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            value={form.values[SUBMISSION_HONEYPOT_FIELD]}
            onChange={(event) => form.setValue(SUBMISSION_HONEYPOT_FIELD, event.target.value)}
          />
        </div>
        {form.sending && form.progress !== null && (
          <FilesProgress percent={Math.round(form.progress * 100)} files={fileStates} />
        )}
        <button type="submit" className="btn btn-primary" disabled={form.sending}>
          {form.sending ? sendMessages.sending : 'Soumettre le projet'}
        </button>
      </form>
      <ToastRegion store={form.toasts} />
    </>
  );
}

/** The files' upload, in whole percent, and each file's, with a dropped connection said. */
function FilesProgress({ percent, files }: { percent: number; files: readonly FileUploadState[] }) {
  return (
    <div className="upload-progress">
      <label htmlFor="projet-progression">Envoi des fichiers</label>
      <progress id="projet-progression" max={100} value={percent}>
        {percent} %
      </progress>
      <span aria-hidden="true">{percent} %</span>
      {files.length > 0 && (
        <ul className="upload-files">
          {files.map((file, i) => (
            <li key={i}>
              {file.name} : {Math.round(file.share * 100)} %
              {file.lost && <span role="status"> {CONNECTION_LOST_MESSAGE}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default island('submit-project-form', SubmitProjectForm);
