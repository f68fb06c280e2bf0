import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * A list's filter kept in the URL (`?categorie=3`, `?type=flotte`), like the submissions',
 * messages' and outbox's filters: a reload, a shared link or the return after signing in
 * again shows the same rows, and Back undoes a choice. '' means every row; a value not in
 * `allowed` (a deleted category, a hand-typed address) reads as '' too.
 */
export function useUrlFilter(
  param: string,
  allowed: readonly string[] | null,
): { value: string; setValue: (value: string) => void } {
  const [params, setParams] = useSearchParams();
  const raw = params.get(param) ?? '';
  // null: the choices are not loaded yet; keep the URL's value meanwhile.
  const value = allowed === null || allowed.includes(raw) ? raw : '';
  const setValue = useCallback(
    (next: string) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        if (next === '') updated.delete(param);
        else updated.set(param, next);
        return updated;
      }),
    [param, setParams],
  );
  return { value, setValue };
}
