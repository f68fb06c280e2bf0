import type { FormValues } from './form-state';

/** Comparable text of the values (dirty tracking); a chosen file always counts as a change. */
export function snapshot(values: FormValues): string {
  return JSON.stringify(values, (_key, value: unknown) =>
    typeof Blob !== 'undefined' && value instanceof Blob
      ? `file:${(value as File).name}:${value.size}:${(value as File).lastModified}`
      : value,
  );
}

/** The values without the fields a draft must not keep (passwords). */
export function omit(values: FormValues, keys: readonly string[] | undefined): FormValues {
  if (!keys?.length) return values;
  return Object.fromEntries(Object.entries(values).filter(([key]) => !keys.includes(key)));
}
