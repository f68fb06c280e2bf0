import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SUBMISSION_HONEYPOT_FIELD, attachmentLimitProblem } from '#shared/submission-rules';
import { sendMessages, type SubmissionFieldKey } from '#shared/submission-outcome';
import { ToastRegion, useToastStore, type ToastSettings } from '#client/components/toast';
import { API_BASE } from '#client/lib/api-client';
import { island } from '#client/lib/island';
import { uploadWithProgress } from '#client/lib/upload-with-progress';
import { AttachmentsField } from '#client/pages/submit-project/attachments-field';
import { addFiles } from '#client/pages/submit-project/file-selection';
import { FormField } from '#client/pages/submit-project/form-field';
import {
  buildFormData,
  emptyValues,
  loadSchema,
  networkFailure,
  readAnswer,
  validateValues,
  type FieldErrors,
  type FormValues,
  type SendResult,
} from '#client/pages/submit-project/send-submission';
import { TEXT_FIELDS, fieldId, type TextFieldKey } from '#client/pages/submit-project/submission-fields';
import { SubmissionConfirmation } from '#client/pages/submit-project/submission-confirmation';
import type { SubmissionReceipt } from '#shared/readers/submissions';

/**
 * The public project request form (product rules, States, Validation and Messages and errors). The server renders it as a
 * plain multipart form posting to the API, which works without JavaScript (the server then
 * redirects back with the outcome). Once hydrated it checks the fields with the shared
 * schema before sending, keeps a list of files picked in several goes, sends by XHR with a
 * progress bar, and never loses what was typed when the server refuses.
 */
const ACTION = `${API_BASE}/submit-project`;
/** A success closes by itself; an error stays until the visitor closes it. */
const TOASTS: ToastSettings = { dismissAfterMs: { default: 8000, destructive: null } };
const FIELD_ORDER: SubmissionFieldKey[] = [...TEXT_FIELDS.map((field) => field.key), 'attachments'];

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

function SubmitProjectForm({ whatsapp }: { whatsapp: string }) {
  const [values, setValues] = useState<FormValues>(emptyValues);
  const [confirmed, setConfirmed] = useState<SubmissionReceipt | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [attempted, setAttempted] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [refusedFiles, setRefusedFiles] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  const sendingRef = useRef(false);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<AbortController | null>(null);
  const toasts = useToastStore(TOASTS);

  // After hydration only (the server HTML keeps the browser's own checks for visitors
  // without JavaScript): from here the shared schema speaks, in French.
  useEffect(() => {
    setEnhanced(true);
    return () => abortRef.current?.abort();
  }, []);

  const focusFirst = (found: FieldErrors) => {
    const first = FIELD_ORDER.find((key) => found[key]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const change = (key: TextFieldKey, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    // Once a message is shown, it follows the typing (and goes when the field is right).
    if (attempted || errors[key]) setErrors((current) => ({ ...current, [key]: validateValues(next)[key] }));
  };

  const blur = (key: TextFieldKey) => {
    // A field left empty is not reproached before the first attempt to send.
    if (!attempted && values[key].trim() === '') return;
    setErrors((current) => ({ ...current, [key]: validateValues(values)[key] }));
  };

  const pick = (picked: File[]) => {
    const selection = addFiles(files, picked);
    setFiles(selection.files);
    setRefusedFiles(selection.refused);
    setErrors((current) => ({ ...current, attachments: undefined }));
  };

  const remove = (index: number) => {
    setFiles((current) => current.filter((_, i) => i !== index));
    setRefusedFiles([]);
    setErrors((current) => ({ ...current, attachments: undefined }));
    fileInputRef.current?.focus();
  };

  const finish = (result: SendResult) => {
    if (result.ok) {
      toasts.show({ title: result.title, description: result.message });
      // The form gives way to the confirmation, which outlives the toast.
      if (result.reference) setConfirmed(receiptOf(result.reference, result.trackingUrl, values, files));
      setValues(emptyValues());
      setFiles([]);
      setRefusedFiles([]);
      setErrors({});
      setAttempted(false);
      return;
    }
    toasts.show({ title: result.title, description: result.message, variant: 'destructive' });
    setErrors(result.fieldErrors);
    focusFirst(result.fieldErrors);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendingRef.current) return;
    await loadSchema();
    // Checked again: a second click may have come while the schema was arriving.
    if (sendingRef.current) return;
    setAttempted(true);
    const found = validateValues(values);
    const limit = attachmentLimitProblem(files);
    if (limit) found.attachments = limit.message;
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      focusFirst(found);
      return;
    }

    sendingRef.current = true;
    setSending(true);
    toasts.clear('destructive');
    setProgress(files.length > 0 ? 0 : null);
    const controller = new AbortController();
    abortRef.current = controller;
    let result: SendResult;
    try {
      const answer = await uploadWithProgress({
        url: ACTION,
        body: buildFormData(values, files),
        signal: controller.signal,
        onProgress: ({ percent }) => setProgress(percent),
      });
      result = readAnswer(answer);
    } catch (error) {
      if (controller.signal.aborted) return; // the page is going away
      result = networkFailure();
    } finally {
      sendingRef.current = false;
      abortRef.current = null;
    }
    setSending(false);
    setProgress(null);
    finish(result);
  };

  const attachmentProblems = [...refusedFiles, ...(errors.attachments ? [errors.attachments] : [])];

  if (confirmed) {
    return (
      <>
        <SubmissionConfirmation
          receipt={confirmed}
          whatsapp={whatsapp}
          onAnother={() => setConfirmed(null)}
          focusOnMount
        />
        <ToastRegion store={toasts} />
      </>
    );
  }

  return (
    <>
      <form
        className="submit-form"
        action={ACTION}
        method="post"
        encType="multipart/form-data"
        noValidate={enhanced}
        onFocus={() => void loadSchema()}
        aria-busy={sending}
        onSubmit={(event) => void submit(event)}
      >
        <p className="muted form-note">
          Les champs marqués d’un <span className="required">*</span> sont obligatoires.
        </p>
        <div className="form-grid">
          {TEXT_FIELDS.map((field) => (
            <FormField
              key={field.key}
              field={field}
              value={values[field.key]}
              error={errors[field.key]}
              onChange={(value) => change(field.key, value)}
              onBlur={() => blur(field.key)}
            />
          ))}
          <AttachmentsField
            files={files}
            problems={attachmentProblems}
            enhanced={enhanced}
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
            value={values[SUBMISSION_HONEYPOT_FIELD]}
            onChange={(event) =>
              setValues((current) => ({ ...current, [SUBMISSION_HONEYPOT_FIELD]: event.target.value }))
            }
          />
        </div>
        {sending && progress !== null && (
          <div className="upload-progress">
            <label htmlFor="projet-progression">Envoi des fichiers</label>
            <progress id="projet-progression" max={100} value={progress}>
              {progress} %
            </progress>
            <span aria-hidden="true">{progress} %</span>
          </div>
        )}
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? sendMessages.sending : 'Soumettre le projet'}
        </button>
      </form>
      <ToastRegion store={toasts} />
    </>
  );
}

export default island('submit-project-form', SubmitProjectForm);
