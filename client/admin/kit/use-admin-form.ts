import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type FormEvent,
} from 'react';
import { useLocation } from 'react-router-dom';
import type { z } from 'zod';
import { ApiError } from '#client/lib/api-client';
import { isSessionEnd } from './admin-api';
import { clearDraft, readDraft, writeDraft } from './drafts';
import type { FieldMessages } from '#shared/field-errors';
import { hasErrors, schemaErrors, serverErrors } from './form-errors';

export type FormValues = Record<string, unknown>;

export interface AdminFormOptions<V extends FormValues, Out, R> {
  /** The SHARED schema (shared/schemas/*): its rules and French messages, never a copy. */
  schema: z.ZodType<Out>;
  /** Every field's starting value (strings for inputs, booleans for checkboxes). */
  initialValues: V;
  /** Sends the parsed data; throw (adminApi does) to report a failure. */
  onSubmit: (data: Out, values: V) => Promise<R>;
  /** After a successful save: the draft is cleared and the form is clean (no prompt). */
  onSuccess?: (result: R) => void;
  /** Any failure but the session's end (401): toast it. 422 field errors are already shown. */
  onError?: (error: unknown) => void;
  /** Client rules the schema cannot hold (a required file...), same shape as errors. */
  validate?: (values: V) => FieldMessages;
  /** Draft key; the route (path + query) by default; false: no draft. */
  draftKey?: string | false;
  /** Edit forms: the draft is restored when `load()` gives the stored entity. */
  waitForLoad?: boolean;
  /** Fields never written to the draft (passwords). */
  draftExclude?: readonly (keyof V & string)[];
}

export interface FieldProps {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface AdminForm<V extends FormValues> {
  values: V;
  errors: FieldMessages;
  submitting: boolean;
  /** 0..1 while uploadWithProgress reports, else null (pass form.setProgress as onProgress). */
  progress: number | null;
  isDirty: boolean;
  /** A draft was restored into the form (shown as a note by <AdminForm>). */
  restoredDraft: boolean;
  /** False until the initial values (or load()) and any draft are in place. */
  ready: boolean;
  setValue: <K extends keyof V & string>(name: K, value: V[K]) => void;
  setValues: (values: Partial<V>) => void;
  setFieldError: (name: string, message: string | undefined) => void;
  setProgress: (share: number | null) => void;
  /** Props for a native input/textarea/select bound to `name` (the kit's fields use it). */
  field: (name: keyof V & string) => FieldProps;
  fieldId: (name: string) => string;
  errorId: (name: string) => string;
  hintId: (name: string) => string;
  handleSubmit: (event?: FormEvent) => void;
  /** Edit forms: the stored entity arrived; a draft of this route wins over it. */
  load: (values: V) => void;
  /** Explicit cancel/leave: forget the draft and the changes. */
  discard: () => void;
  /** Internal: read by the unsaved-changes prompt at navigation time. */
  dirtyRef: { readonly current: boolean };
  formRef: React.RefObject<HTMLFormElement | null>;
}

/**
 * The back office's form state (see kit/README.md): values, validation with the shared
 * schema on submit and then on blur (an error also clears as soon as it is corrected), the
 * server's 422 errors on the same fields, a
 * submitting state that cannot send twice, dirty tracking and a draft kept per route so
 * that a 401 -> sign-in -> return gives the typed values back.
 */
export function useAdminForm<V extends FormValues, Out, R = unknown>(
  options: AdminFormOptions<V, Out, R>,
): AdminForm<V> {
  const location = useLocation();
  const draftKey =
    options.draftKey === false ? null : (options.draftKey ?? `${location.pathname}${location.search}`);
  const [values, setValuesState] = useState<V>(options.initialValues);
  const [baseline, setBaseline] = useState<V>(options.initialValues);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [submitted, setSubmitted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [ready, setReady] = useState(false);
  const [restoredDraft, setRestoredDraft] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const busy = useRef(false);
  const formRef = useRef<HTMLFormElement | null>(null);
  const prefix = useId();
  // The latest options, so callbacks stay stable while screens pass inline functions.
  const latest = useRef(options);
  latest.current = options;
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const isDirty = useMemo(() => ready && snapshot(values) !== snapshot(baseline), [ready, values, baseline]);
  const dirtyRef = useRef(false);
  dirtyRef.current = isDirty;

  // New forms: restore the draft after hydration (storage is read only in effects).
  useEffect(() => {
    if (options.waitForLoad) return;
    const draft = draftKey ? readDraft<V>(draftKey) : null;
    if (draft) {
      setValuesState((current) => ({ ...current, ...draft }));
      setRestoredDraft(true);
    }
    setReady(true);
    // Once per mounted form: the route is the form's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Keep the draft while the form differs from what is saved; drop it once it does not.
  useEffect(() => {
    if (!ready || !draftKey) return;
    if (isDirty) writeDraft(draftKey, omit(values, latest.current.draftExclude));
    else clearDraft(draftKey);
  }, [ready, draftKey, isDirty, values]);

  useEffect(() => {
    if (focusRequest === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusRequest]);

  const validateAll = useCallback((current: V): { errors: FieldMessages; data?: Out } => {
    const parsed = latest.current.schema.safeParse(current);
    const found: FieldMessages = parsed.success ? {} : schemaErrors(parsed.error);
    Object.assign(found, latest.current.validate?.(current) ?? {});
    return hasErrors(found) ? { errors: found } : { errors: {}, data: parsed.data as Out };
  }, []);

  const setValue = useCallback(<K extends keyof V & string>(name: K, value: V[K]) => {
    setValuesState((current) => ({ ...current, [name]: value }));
  }, []);
  const setValues = useCallback(
    (partial: Partial<V>) => setValuesState((current) => ({ ...current, ...partial })),
    [],
  );
  const setFieldError = useCallback((name: string, message: string | undefined) => {
    setErrors((current) => ({ ...current, [name]: message }));
  }, []);

  const fieldId = useCallback((name: string) => `${prefix}-${name}`, [prefix]);
  const errorId = useCallback((name: string) => `${prefix}-${name}-error`, [prefix]);
  const hintId = useCallback((name: string) => `${prefix}-${name}-hint`, [prefix]);

  const handleBlur = useCallback(
    (name: string) => {
      if (!submitted) return;
      const found = validateAll(valuesRef.current).errors;
      setErrors((current) => ({ ...current, [name]: found[name] }));
    },
    [submitted, validateAll],
  );

  const field = (name: keyof V & string): FieldProps => {
    const error = errors[name];
    const raw = values[name];
    return {
      id: fieldId(name),
      name,
      value: raw === undefined || raw === null ? '' : String(raw),
      onChange: (event) => {
        const target = event.target;
        const next =
          target instanceof HTMLInputElement && target.type === 'checkbox' ? target.checked : target.value;
        setValuesState((current) => ({ ...current, [name]: next }));
        // A field showing an error is checked again as it is corrected, so the message goes
        // while typing, not on blur: a message vanishing on blur would shift the submit
        // button under the pointer and swallow the click.
        if (error) {
          const found = validateAll({ ...valuesRef.current, [name]: next }).errors;
          if (!found[name]) setErrors((current) => ({ ...current, [name]: undefined }));
        }
      },
      onBlur: (event) => {
        // Leaving for the submit button: the submit checks everything (and a message added
        // now would move the button before the click lands).
        const next = event.relatedTarget;
        if (next instanceof HTMLButtonElement && next.type === 'submit') return;
        handleBlur(name);
      },
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId(name) : undefined,
    };
  };

  const handleSubmit = useCallback(
    (event?: FormEvent) => {
      event?.preventDefault();
      if (busy.current) return;
      setSubmitted(true);
      const current = valuesRef.current;
      const checked = validateAll(current);
      setErrors(checked.errors);
      if (hasErrors(checked.errors)) {
        setFocusRequest((n) => n + 1);
        return;
      }
      busy.current = true;
      setSubmitting(true);
      void (async () => {
        try {
          const result = await latest.current.onSubmit(checked.data as Out, current);
          // Clean before onSuccess navigates: the unsaved-changes prompt reads dirtyRef.
          if (draftKey) clearDraft(draftKey);
          dirtyRef.current = false;
          setBaseline(current);
          setRestoredDraft(false);
          latest.current.onSuccess?.(result);
        } catch (error) {
          if (isSessionEnd(error)) return; // the draft stays; the layout goes to /login
          if (error instanceof ApiError && error.errors) {
            setErrors(serverErrors(error.errors));
            setFocusRequest((n) => n + 1);
          }
          latest.current.onError?.(error);
        } finally {
          busy.current = false;
          setSubmitting(false);
          setProgress(null);
        }
      })();
    },
    [draftKey, validateAll],
  );

  const load = useCallback(
    (loaded: V) => {
      const draft = draftKey ? readDraft<V>(draftKey) : null;
      setBaseline(loaded);
      setValuesState(draft ? { ...loaded, ...draft } : loaded);
      setRestoredDraft(Boolean(draft));
      setReady(true);
    },
    [draftKey],
  );

  const baselineRef = useRef(baseline);
  baselineRef.current = baseline;
  const discard = useCallback(() => {
    if (draftKey) clearDraft(draftKey);
    dirtyRef.current = false;
    setValuesState(baselineRef.current);
    setRestoredDraft(false);
  }, [draftKey]);

  return {
    values,
    errors,
    submitting,
    progress,
    isDirty,
    restoredDraft,
    ready,
    setValue,
    setValues,
    setFieldError,
    setProgress,
    field,
    fieldId,
    errorId,
    hintId,
    handleSubmit,
    load,
    discard,
    dirtyRef,
    formRef,
  };
}

/** Comparable text of the values; a chosen file always counts as a change. */
function snapshot(values: FormValues): string {
  return JSON.stringify(values, (_key, value: unknown) =>
    typeof Blob !== 'undefined' && value instanceof Blob
      ? `file:${(value as File).name}:${value.size}:${(value as File).lastModified}`
      : value,
  );
}

function omit(values: FormValues, keys: readonly string[] | undefined): FormValues {
  if (!keys?.length) return values;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !keys.includes(key)));
}
