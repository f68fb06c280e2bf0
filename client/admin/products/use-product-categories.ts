import { useEffect, useState } from 'react';
import type { Category } from '#shared/types';
import { adminApi, isSessionEnd, toast } from '#client/admin/kit';

export type CategoriesState = {
  status: 'loading' | 'ready' | 'error';
  categories: Pick<Category, 'id' | 'name'>[];
};

/**
 * The category select's choices (GET /api/categories). Product rules, Messages and errors: a
 * failed load toasts 'Erreur' / 'Impossible de charger les catégories'; an answer that is
 * neither a list nor `{ data: [...] }` toasts 'Attention' / 'Impossible de charger les
 * catégories correctement' (product rules, Entities: both shapes are accepted).
 */
export function useProductCategories(): CategoriesState {
  const [state, setState] = useState<CategoriesState>({ status: 'loading', categories: [] });
  useEffect(() => {
    const controller = new AbortController();
    adminApi<unknown>('/categories', { signal: controller.signal })
      .then((answer) => {
        const list = categoriesOf(answer);
        if (list === null) {
          toast({
            title: 'Attention',
            description: 'Impossible de charger les catégories correctement',
            variant: 'destructive',
          });
          setState({ status: 'error', categories: [] });
          return;
        }
        setState({ status: 'ready', categories: list });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isSessionEnd(error)) return;
        toast({
          title: 'Erreur',
          description: 'Impossible de charger les catégories',
          variant: 'destructive',
        });
        setState({ status: 'error', categories: [] });
      });
    return () => controller.abort();
  }, []);
  return state;
}

/** The categories of an answer, or null when its shape is not one the product rules describe. */
export function categoriesOf(answer: unknown): Pick<Category, 'id' | 'name'>[] | null {
  const list = Array.isArray(answer)
    ? answer
    : answer && typeof answer === 'object' && Array.isArray((answer as { data?: unknown }).data)
      ? (answer as { data: unknown[] }).data
      : null;
  if (list === null) return null;
  const valid = list.every(
    (item) =>
      item &&
      typeof item === 'object' &&
      typeof (item as Category).id === 'number' &&
      typeof (item as Category).name === 'string',
  );
  return valid ? (list as Category[]).map(({ id, name }) => ({ id, name })) : null;
}
