import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldMessages } from '#shared/field-errors';
import { useToastStore } from '#client/components/toast';
import { ApiError } from './api-client';
import type { PublicForm, PublicFormOptions } from './public-form-types';
import { readRefusal } from './read-refusal';

export type { PublicForm, PublicFormOptions } from './public-form-types';
export { readRefusal } from './read-refusal';

const hasMessages = (errors: FieldMessages): boolean => Object.values(errors).some(Boolean);

/**
 * The one way to make a public form (the contact form and the project request form). The
 * server renders a plain form that posts without JavaScript (the server answers with a 303
 * back to the page: docs/decisions/0006-submit-form-without-javascript.md); hydrated, this
 * hook holds the values and the French field messages, checks with the shared schema
 * (its own chunk, fetched on first focus), sends through the API client (`api()`, or the
 * one `uploadWithProgress` when files go with a progress bar), reads a refusal's
 * `{ message, errors }` onto the fields, and confirms with a toast.
 */
export function usePublicForm<V extends Record<string, string>, K extends string, R>(
  options: PublicFormOptions<V, K, R>,
): PublicForm<V, K> {
  const [values, setValues] = useState<V>(() => ({ ...options.emptyValues(), ...options.restored }));
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
      setValues(current.emptyValues());
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
