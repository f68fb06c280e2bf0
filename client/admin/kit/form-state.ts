import type { ChangeEvent, FocusEvent, FormEvent, RefObject } from 'react';
import type { z } from 'zod';
import type { FieldMessages } from '#shared/field-errors';

/** The types of a back-office form's state (kit/README.md, "Forms"). */
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

/** Props for a native input/textarea/select bound to one field. */
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
  /** 0..1 while an upload reports, else null (pass form.setProgress as onProgress). */
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
  formRef: RefObject<HTMLFormElement | null>;
}
