import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Public toasts (product rules, States and Messages and errors: "Toasts … have simple open/closed states"), for any
 * island. The two live regions are in the server HTML from the start, empty: screen readers
 * only announce what is added to a region they already know. Successes are polite and
 * close by themselves; errors are assertive and stay until the visitor closes them, so
 * nobody has to read an error against a clock.
 */
export type ToastTone = 'success' | 'error';

export interface Toast {
  id: number;
  tone: ToastTone;
  title: string;
  description?: string;
}

const SUCCESS_DURATION_MS = 8000;

export function useToasts() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, number>());

  const dismissToast = useCallback((id: number) => {
    window.clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((list) => list.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback(
    (toast: Omit<Toast, 'id'>) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { ...toast, id }]);
      if (toast.tone === 'success')
        timers.current.set(
          id,
          window.setTimeout(() => dismissToast(id), SUCCESS_DURATION_MS),
        );
      return id;
    },
    [dismissToast],
  );

  /** Closes every error toast (a new attempt makes the old errors stale). */
  const clearErrors = useCallback(() => {
    setToasts((list) => list.filter((toast) => toast.tone !== 'error'));
  }, []);

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => window.clearTimeout(timer));
  }, []);

  return { toasts, showToast, dismissToast, clearErrors };
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  return (
    <div className={`toast toast-${toast.tone}`}>
      <div>
        <p className="toast-title">{toast.title}</p>
        {toast.description && <p className="toast-text">{toast.description}</p>}
      </div>
      <button
        type="button"
        className="toast-close"
        aria-label="Fermer la notification"
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

export function ToastRegion({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  const list = (tone: ToastTone) => toasts.filter((toast) => toast.tone === tone);
  return (
    <div className="toast-region">
      <div role="status" className="toast-list">
        {list('success').map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
      <div role="alert" className="toast-list">
        {list('error').map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
        ))}
      </div>
    </div>
  );
}
