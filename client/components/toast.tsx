import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

/**
 * The site's one toast system (product rules, States and Messages and errors: "Toasts …
 * have simple open/closed states"), for the public islands and the back office alike. It
 * stays light (React only): the back office's kit configures it in client/admin/kit/toast.tsx,
 * the public islands never load admin code.
 *
 * A store outside React holds the toasts, so a toast can be raised from non-React code (the
 * back office's API wrapper) and survive a move between screens. `<ToastRegion>` renders
 * its two live regions from the first HTML on, empty: screen readers only announce what is
 * added to a region they already know. Information is polite, failures are assertive.
 */
export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  /** 'destructive' for a failure. */
  variant?: ToastVariant;
  /**
   * The toast announces the move it comes with ('Connexion réussie', 'Produit créé' before
   * going back to the list, 'Session expirée' before the sign-in page): it stays on the page
   * the app goes to. Every other toast goes once its page is left (`enterPage`).
   */
  keepOnNextPage?: boolean;
  /**
   * A way on from what the toast announces (a deletion's 'Voir la corbeille'). A link rather
   * than an action: it stays usable once the toast is gone, from the page it leads to.
   */
  link?: ToastLink;
}

export interface ToastLink {
  label: string;
  href: string;
}

export interface ToastItem extends ToastInput {
  id: number;
  variant: ToastVariant;
  /** The page it belongs to; NEXT_PAGE until the app reaches the page it announces. */
  page: string | null;
}

const NEXT_PAGE = '\u0000next';

export interface ToastSettings {
  /** How long each kind stays; null: until closed (nobody reads an error against a clock). */
  dismissAfterMs: Record<ToastVariant, number | null>;
  /** The oldest go first beyond this many. */
  maxShown?: number;
}

const EMPTY: ToastItem[] = [];

export class ToastStore {
  private items: ToastItem[] = EMPTY;
  private nextId = 1;
  private readonly listeners = new Set<() => void>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private currentPage: string | null = null;

  constructor(private readonly settings: ToastSettings) {}

  /** Shows a toast; answers its id (for dismiss). */
  readonly show = (input: ToastInput): number => {
    const id = this.nextId++;
    const variant = input.variant ?? 'default';
    const page = input.keepOnNextPage ? NEXT_PAGE : this.currentPage;
    const next = [
      ...this.items,
      { id, title: input.title, description: input.description, link: input.link, variant, page },
    ];
    const kept = next.slice(-(this.settings.maxShown ?? next.length));
    for (const gone of next.slice(0, next.length - kept.length)) this.forget(gone.id);
    this.emit(kept);
    const delay = this.settings.dismissAfterMs[variant];
    if (delay !== null)
      this.timers.set(
        id,
        setTimeout(() => this.dismiss(id), delay),
      );
    return id;
  };

  readonly dismiss = (id: number): void => {
    this.forget(id);
    this.emit(this.items.filter((item) => item.id !== id));
  };

  /** Closes every toast of a kind (a new attempt makes the old failures stale). */
  readonly clear = (variant: ToastVariant): void => {
    for (const item of this.items) if (item.variant === variant) this.forget(item.id);
    this.emit(this.items.filter((item) => item.variant !== variant));
  };

  /**
   * The app shows another page: the toasts of the page left go (a sign-in failure must not
   * stay over the dashboard), those announcing this move now belong to it. The same page
   * again (a filter in the query, a second call) changes nothing.
   */
  readonly enterPage = (page: string): void => {
    if (page === this.currentPage) return;
    this.currentPage = page;
    for (const item of this.items) if (item.page !== NEXT_PAGE) this.forget(item.id);
    this.emit(this.items.filter((item) => item.page === NEXT_PAGE).map((item) => ({ ...item, page })));
  };

  /** Stops the timers (the island that owns the store is going away). */
  readonly dispose = (): void => {
    for (const id of [...this.timers.keys()]) this.forget(id);
  };

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = (): ToastItem[] => this.items;

  private forget(id: number): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
  }

  private emit(next: ToastItem[]): void {
    this.items = next;
    for (const listener of this.listeners) listener();
  }
}

/** A store of the component's own (an island), its timers stopped when it unmounts. */
export function useToastStore(settings: ToastSettings): ToastStore {
  const [store] = useState(() => new ToastStore(settings));
  useEffect(() => store.dispose, [store]);
  return store;
}

/** A plain link by default; the back office draws its router's own (no page reload). */
export type RenderToastLink = (link: ToastLink) => ReactNode;
const plainLink: RenderToastLink = (link) => <a href={link.href}>{link.label}</a>;

function ToastView({
  item,
  onDismiss,
  renderLink,
}: {
  item: ToastItem;
  onDismiss: (id: number) => void;
  renderLink: RenderToastLink;
}) {
  return (
    <div className={`toast toast-${item.variant}`}>
      <div className="toast-text">
        <p className="toast-title">{item.title}</p>
        {item.description && <p className="toast-description">{item.description}</p>}
        {item.link && <p className="toast-link">{renderLink(item.link)}</p>}
      </div>
      <button
        type="button"
        className="toast-close"
        aria-label="Fermer la notification"
        onClick={() => onDismiss(item.id)}
      >
        ×
      </button>
    </div>
  );
}

export function ToastRegion({
  store,
  renderLink = plainLink,
}: {
  store: ToastStore;
  renderLink?: RenderToastLink;
}) {
  const items = useSyncExternalStore(store.subscribe, store.snapshot, () => EMPTY);
  const list = (variant: ToastVariant) =>
    items
      .filter((item) => item.variant === variant)
      .map((item) => (
        <ToastView key={item.id} item={item} onDismiss={store.dismiss} renderLink={renderLink} />
      ));
  return (
    <div className="toast-region">
      <div role="status" className="toast-list">
        {list('default')}
      </div>
      <div role="alert" className="toast-list">
        {list('destructive')}
      </div>
    </div>
  );
}
