import { useEffect, useRef } from 'react';
import { ApiError } from '#client/lib/api-client';
import { saveWithProgress } from './admin-api';
import type { AdminForm, AdminFormOptions, FormValues } from './form-state';
import { useAdminForm } from './use-admin-form';
import { useSaveOutcome, type SaveOutcomeOptions } from './use-save-outcome';

/**
 * How an entity is sent. The API's convention (docs/decisions/0004-api-conventions.md): a
 * multipart POST `{collection}` creates, POST `{collection}/{id}` with `_method=PUT` in the
 * form data updates, with the upload's progress. Anything else (a JSON PUT, a save that
 * checks first): a function given the progress setter (0..1) to pass on.
 */
export type EntitySave<V, Out, R> =
  | { collection: string; id?: string | number; formData: (data: Out, values: V) => FormData }
  | ((data: Out, values: V, onProgress: (share: number) => void) => Promise<R>);

export interface EntityFormOptions<V extends FormValues, Out, R> extends Omit<
  AdminFormOptions<V, Out, R>,
  'onSubmit' | 'onSuccess' | 'onError'
> {
  save: EntitySave<V, Out, R>;
  /** The toasts, the list to go back to and the failure's sentence (use-save-outcome.ts). */
  outcome: SaveOutcomeOptions;
  /**
   * Edit forms whose stored values come as a prop after the form mounted: put in the form
   * once, when first given (a draft of the route wins over them, as with `load`).
   */
  loaded?: V;
  /** API field -> form field, where a 422 names a field the form calls otherwise. */
  serverFieldNames?: Record<string, string>;
}

/**
 * The one way to make a back-office entity form (kit/README.md, "Forms"): useAdminForm's
 * values, field errors, draft and unsaved-changes guard, plus the save (with the upload's
 * progress bar) and its outcome: success toast and back to the list, failure toast.
 */
export function useEntityForm<V extends FormValues, Out, R = unknown>({
  save,
  outcome,
  loaded,
  serverFieldNames,
  ...options
}: EntityFormOptions<V, Out, R>): AdminForm<V> {
  const { onSuccess, onError } = useSaveOutcome(outcome);
  const form: AdminForm<V> = useAdminForm<V, Out, unknown>({
    ...options,
    onSubmit: (data, values) =>
      typeof save === 'function'
        ? save(data, values, form.setProgress)
        : saveWithProgress(save.collection, save.id, save.formData(data, values), form.setProgress),
    onSuccess,
    onError: (error) => {
      if (error instanceof ApiError && error.errors && serverFieldNames) {
        for (const [apiName, formName] of Object.entries(serverFieldNames)) {
          const messages = error.errors[apiName];
          if (messages?.length) form.setFieldError(formName, messages.join(' '));
        }
      }
      onError(error);
    },
  });

  const { load } = form;
  const done = useRef(false);
  useEffect(() => {
    if (!loaded || done.current) return;
    done.current = true;
    load(loaded);
  }, [loaded, load]);

  return form;
}
