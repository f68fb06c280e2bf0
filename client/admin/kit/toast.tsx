import { useEffect, useSyncExternalStore } from 'react';

/**
 * Toasts (product rules, States and Messages and errors: titles and descriptions as the product rules word them). A small
 * store outside React, so a toast survives the move from one screen to another (sign-in
 * -> dashboard) and can be raised from non-React code (the API wrapper). The <Toaster/>
 * is rendered by the layout and the login page.
 */
export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

export interface ToastItem extends Required<Omit<ToastInput, 'description'>> {
  id: number;
  description?: string;
}

/** Long enough to read two lines; destructive ones stay longer. */
const DISMISS_AFTER_MS = { default: 5000, destructive: 8000 } as const;
const MAX_SHOWN = 4;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const EMPTY: ToastItem[] = [];

function emit(next: ToastItem[]): void {
  items = next;
  for (const listener of listeners) listener();
}

/** Shows a toast; answers its id (for dismiss). */
export function toast(input: ToastInput): number {
  const id = nextId++;
  const item: ToastItem = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
  };
  emit([...items, item].slice(-MAX_SHOWN));
  return id;
}

export function dismissToast(id: number): void {
  emit(items.filter((item) => item.id !== id));
}

/** `const { toast } = useToast();` — the same function as the module's `toast`. */
export function useToast(): { toast: typeof toast; dismiss: typeof dismissToast } {
  return { toast, dismiss: dismissToast };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The live region: polite for information, assertive (role=alert) for failures. */
export function Toaster() {
  const shown = useSyncExternalStore(
    subscribe,
    () => items,
    () => EMPTY,
  );
  return (
    <div className="toaster" aria-live="polite" aria-relevant="additions">
      {shown.map((item) => (
        <ToastView key={item.id} item={item} />
      ))}
    </div>
  );
}

function ToastView({ item }: { item: ToastItem }) {
  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(item.id), DISMISS_AFTER_MS[item.variant]);
    return () => window.clearTimeout(timer);
  }, [item.id, item.variant]);
  return (
    <div className={`toast toast-${item.variant}`} role={item.variant === 'destructive' ? 'alert' : 'status'}>
      <div className="toast-text">
        <p className="toast-title">{item.title}</p>
        {item.description && <p className="toast-description">{item.description}</p>}
      </div>
      <button
        type="button"
        className="toast-close"
        onClick={() => dismissToast(item.id)}
        aria-label="Fermer la notification"
      >
        ×
      </button>
    </div>
  );
}
