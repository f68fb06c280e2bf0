import { useCallback, useEffect } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router-dom';
import { paths } from '#shared/paths';
import { ConfirmDialog } from './confirm-dialog';
import type { AdminForm, FormValues } from './form-state';

/**
 * Leaving a changed form asks first: in-app navigation through React Router's blocker and a
 * confirm dialog; reloads and tab closing through `beforeunload` (the browser's own
 * prompt). The move to /login after a 401 is never blocked: the draft keeps the values.
 * Rendered by <AdminForm>; use it directly only for a form that does not use AdminForm.
 */
export function UnsavedChangesPrompt<V extends FormValues>({ form }: { form: AdminForm<V> }) {
  const { dirtyRef, isDirty, discard } = form;
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyRef.current &&
      nextLocation.pathname !== paths.login &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [dirtyRef],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title="Modifications non enregistrées"
      description="Vous avez des modifications non enregistrées. Voulez-vous vraiment quitter cette page ? Elles seront perdues."
      confirmLabel="Quitter sans enregistrer"
      cancelLabel="Rester sur la page"
      destructive
      onConfirm={() => {
        discard();
        blocker.proceed?.();
      }}
      onCancel={() => blocker.reset?.()}
    />
  );
}
