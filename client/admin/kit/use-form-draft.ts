import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { clearDraft, readDraft, writeDraft } from './drafts';
import type { FormValues } from './form-state';
import { omit } from './form-snapshot';

/** A form's draft key: the route (path and query) unless the form names one; null: no draft. */
export function useDraftKey(option: string | false | undefined): string | null {
  const location = useLocation();
  return option === false ? null : (option ?? `${location.pathname}${location.search}`);
}

/**
 * The draft's life in a form (kit/drafts.ts): a new form gets its draft back once mounted
 * (storage is read only in effects, after hydration), and the draft is written while the
 * form differs from what is saved, dropped once it does not.
 */
export function useFormDraft<V extends FormValues>(
  key: string | null,
  state: {
    waitForLoad: boolean | undefined;
    ready: boolean;
    isDirty: boolean;
    values: V;
    exclude: readonly string[] | undefined;
  },
  restore: (draft: Partial<V> | null) => void,
): void {
  const { waitForLoad, ready, isDirty, values } = state;
  const exclude = useRef(state.exclude);
  exclude.current = state.exclude;

  useEffect(() => {
    if (waitForLoad) return;
    restore(key ? readDraft<V>(key) : null);
    // Once per mounted form: the route is the form's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!ready || !key) return;
    if (isDirty) writeDraft(key, omit(values, exclude.current));
    else clearDraft(key);
  }, [ready, key, isDirty, values]);
}
