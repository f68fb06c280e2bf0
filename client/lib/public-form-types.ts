import type { FormEvent } from 'react';
import type { FieldMessages } from '#shared/field-errors';
import type { ToastInput, ToastSettings, ToastStore } from '#client/components/toast';

/** The options and the state of a public form (use-public-form.ts). */
export interface PublicFormOptions<V extends Record<string, string>, K extends string, R> {
  /** The empty form: its start, and what it holds again once sent. */
  emptyValues: () => V;
  /** After a refused post without JavaScript: what it held, laid over the empty form at the start. */
  restored?: Partial<V>;
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
