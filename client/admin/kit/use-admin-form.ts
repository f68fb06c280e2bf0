import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { FieldMessages } from '#shared/field-errors';
import { ApiError } from '#client/lib/api-client';
import { isSessionEnd } from './admin-api';
import { clearDraft, readDraft } from './drafts';
import { fieldProps } from './field-props';
import { hasErrors, schemaErrors, serverErrors } from './form-errors';
import { snapshot } from './form-snapshot';
import type { AdminForm, AdminFormOptions, FieldProps, FormValues } from './form-state';
import { useDraftKey, useFormDraft } from './use-form-draft';

export type { AdminForm, AdminFormOptions, FieldProps, FormValues } from './form-state';

/**
 * The back office's form state (see kit/README.md): values, validation with the shared
 * schema on submit and then on blur (an error also clears as soon as it is corrected), the
 * server's 422 errors on the same fields, a submitting state that cannot send twice, dirty
 * tracking and a draft kept per route so that a 401 -> sign-in -> return gives the typed
 * values back. Entity forms use it through useEntityForm, which adds the save's outcome.
 */
export function useAdminForm<V extends FormValues, Out, R = unknown>(
  options: AdminFormOptions<V, Out, R>,
): AdminForm<V> {
  const draftKey = useDraftKey(options.draftKey);
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
  const baselineRef = useRef(baseline);
  baselineRef.current = baseline;

  const isDirty = useMemo(() => ready && snapshot(values) !== snapshot(baseline), [ready, values, baseline]);
  const dirtyRef = useRef(false);
  dirtyRef.current = isDirty;

  useFormDraft<V>(
    draftKey,
    { waitForLoad: options.waitForLoad, ready, isDirty, values, exclude: options.draftExclude },
    (draft) => {
      if (draft) {
        setValuesState((current) => ({ ...current, ...draft }));
        setRestoredDraft(true);
      }
      setReady(true);
    },
  );

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

  const field = (name: keyof V & string): FieldProps => {
    const error = errors[name];
    const state = { value: values[name], error, id: fieldId(name), errorId: errorId(name) };
    return fieldProps(
      name,
      state,
      (next) => {
        setValuesState((current) => ({ ...current, [name]: next }));
        // A field showing an error is checked again as it is corrected, so the message goes
        // while typing, not on blur: a message vanishing on blur would shift the submit
        // button under the pointer and swallow the click.
        if (error && !validateAll({ ...valuesRef.current, [name]: next }).errors[name])
          setErrors((current) => ({ ...current, [name]: undefined }));
      },
      () => {
        if (!submitted) return;
        const found = validateAll(valuesRef.current).errors;
        setErrors((current) => ({ ...current, [name]: found[name] }));
      },
    );
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
