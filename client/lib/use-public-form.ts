import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { fieldMessages, type FieldMessages } from '#shared/field-errors';
import {
  useToastStore,
  type ToastInput,
  type ToastSettings,
  type ToastStore,
} from '#client/components/toast';
import { ApiError } from './api-client';

/**
 * The one way to make a public form (the contact form and the project request form). The
 * server renders a plain form that posts without JavaScript (the server answers with a 303
 * back to the page: docs/decisions/0006-submit-form-without-javascript.md); hydrated, this
 * hook holds the values and the French field messages, checks with the shared schema
 * (its own chunk, fetched on first focus), sends through the API client (`api()`, or the
 * one `uploadWithProgress` when files go with a progress bar), reads a refusal's
 * `{ message, errors }` onto the fields, and confirms with a toast.
 */
export interface PublicFormOptions<V extends Record<string, string>, K extends string, R> {
  initialValues: () => V;
  /** After a refused post without JavaScript: the messages the server gave back. */
  initialErrors?: FieldMessages<K>;
  /** The fields in the form's order: the first refused one gets the focus; other keys are left out. */
  fields: readonly K[];
  fieldId: (key: K) => string;
  /** The shared schema's check: `load` fetches it, `check` says nothing before it arrived. */
  schema: { load: () => Promise<void>; check: (values: V) => FieldMessages<K> };
  /** What the schema cannot check (the files' limits), run with it before sending. */
  extraCheck?: () => FieldMessages<K>;
  /**
   * After a first attempt to send, every field is checked as it is typed and even an empty
   * one when left (the project request form); else only a field already showing a message,
   * and a field left empty is never reproached before the send (the contact form).
   */
  strictAfterAttempt?: boolean;
  /** Fields that answer for each other (an e-mail or a phone): their messages follow one another. */
  linked?: readonly K[];
  /** A toast when the browser's check refuses (else only the messages and the focus). */
  invalidToast?: ToastInput;
  /** Sends the values; throws ApiError for a refusal (api() and uploadWithProgress do). */
  send: (values: V, transfer: { signal: AbortSignal; onProgress: (share: number) => void }) => Promise<R>;
  /** The success: its toast; the form is emptied and the caller shows its confirmation. */
  sent: (result: R, values: V) => ToastInput;
  /** A refusal's toast title and sentence, from its status and what the server said. */
  refused: {
    title: string;
    /** No answer at all. */
    network: string;
    read: (
      status: number,
      said: { message?: string; errors: FieldMessages<K> },
    ) => { message: string; errors: FieldMessages<K> };
    /** All of a field's messages joined (default), or the first. */
    pick?: 'all' | 'first';
  };
  toasts: ToastSettings;
}

export interface PublicForm<V extends Record<string, string>, K extends string> {
  values: V;
  errors: FieldMessages<K>;
  sending: boolean;
  /** 0..1 while files go out (the sender reports 0 to show the bar), else null. */
  progress: number | null;
  /** Hydrated: from here the shared schema speaks, in French (`noValidate`). */
  enhanced: boolean;
  toasts: ToastStore;
  /** A typed value, checked again as the options say. */
  change: (key: K, value: string) => void;
  /** A value set without any check (the honeypot). */
  setValue: (key: keyof V & string, value: string) => void;
  blur: (key: K) => void;
  setFieldError: (key: K, message: string | undefined) => void;
  /** The form's `onFocus`: fetches the schema's chunk. */
  prepare: () => void;
  handleSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/** What a refusal said about the form's own fields (a message elsewhere has no place to show). */
export function readRefusal<K extends string>(
  error: ApiError,
  fields: readonly K[],
  pick: 'all' | 'first' = 'all',
): { message?: string; errors: FieldMessages<K> } {
  const errors: FieldMessages<K> = {};
  for (const [key, message] of Object.entries(fieldMessages(error.errors ?? {}, pick)))
    if ((fields as readonly string[]).includes(key)) errors[key as K] = message;
  return { message: error.serverMessage, errors };
}

const hasMessages = (errors: FieldMessages): boolean => Object.values(errors).some(Boolean);

export function usePublicForm<V extends Record<string, string>, K extends string, R>(
  options: PublicFormOptions<V, K, R>,
): PublicForm<V, K> {
  const [values, setValues] = useState<V>(options.initialValues);
  const [errors, setErrors] = useState<FieldMessages<K>>(options.initialErrors ?? {});
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  const sendingRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);
  const toasts = useToastStore(options.toasts);
  const latest = useRef(options);
  latest.current = options;
  const strict = options.strictAfterAttempt === true;

  // After hydration only: the server's HTML keeps the browser's own checks for visitors
  // without JavaScript. A page going away stops a sending.
  useEffect(() => {
    setEnhanced(true);
    return () => abortRef.current?.abort();
  }, []);

  const focusFirst = useCallback((found: FieldMessages<K>) => {
    const { fields, fieldId } = latest.current;
    const first = fields.find((key) => found[key]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }, []);

  const change = (key: K, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    const linked = options.linked ?? [];
    const inLink = linked.includes(key) && linked.some((other) => errors[other]);
    // A shown message follows the typing (and goes when the field is right); the linked
    // fields' messages are said again with it.
    if ((strict && attempted) || errors[key] || inLink) {
      const found = options.schema.check(next);
      const follow = Object.fromEntries(linked.map((other) => [other, found[other]])) as FieldMessages<K>;
      setErrors((current) => ({ ...current, [key]: found[key], ...follow }));
    }
  };

  const blur = (key: K) => {
    // A field left empty is not reproached before the first attempt to send (or never).
    const text = (values as Record<string, string>)[key] ?? '';
    if (!(strict && attempted) && text.trim() === '') return;
    setErrors((current) => ({ ...current, [key]: options.schema.check(values)[key] }));
  };

  const submit = async () => {
    const current = latest.current;
    if (sendingRef.current) return;
    await current.schema.load();
    // Checked again: a second click may have come while the schema was arriving.
    if (sendingRef.current) return;
    setAttempted(true);
    const found = { ...current.schema.check(values), ...current.extraCheck?.() };
    setErrors(found);
    if (hasMessages(found)) {
      if (current.invalidToast) {
        toasts.clear('destructive');
        toasts.show({ ...current.invalidToast, variant: 'destructive' });
      }
      focusFirst(found);
      return;
    }
    sendingRef.current = true;
    setSending(true);
    toasts.clear('destructive');
    const controller = new AbortController();
    abortRef.current = controller;
    let refusal: { message: string; errors: FieldMessages<K> };
    try {
      const result = await current.send(values, { signal: controller.signal, onProgress: setProgress });
      toasts.show(current.sent(result, values));
      setValues(current.initialValues());
      setErrors({});
      setAttempted(false);
      return;
    } catch (error) {
      if (controller.signal.aborted) return; // the page is going away
      const { refused } = current;
      refusal =
        error instanceof ApiError
          ? refused.read(error.status, readRefusal(error, current.fields, refused.pick))
          : { message: refused.network, errors: {} };
    } finally {
      sendingRef.current = false;
      abortRef.current = null;
      setSending(false);
      setProgress(null);
    }
    toasts.show({ title: current.refused.title, description: refusal.message, variant: 'destructive' });
    setErrors(refusal.errors);
    focusFirst(refusal.errors);
  };

  return {
    values,
    errors,
    sending,
    progress,
    enhanced,
    toasts,
    change,
    setValue: (key, value) => setValues((current) => ({ ...current, [key]: value })),
    blur,
    setFieldError: (key, message) => setErrors((current) => ({ ...current, [key]: message })),
    prepare: () => void options.schema.load(),
    handleSubmit: (event) => {
      event.preventDefault();
      void submit();
    },
  };
}
