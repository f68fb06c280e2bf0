/**
 * Islands that wait for their first use (decision 0023): the server HTML works on its own
 * (forms, links), so nothing needs React until the visitor touches, focuses or types in
 * the island. The first sign of use starts the hydration; what the visitor did meanwhile
 * is kept: the text typed (replayed by hydrate-island.tsx), and the last click on a link
 * or button, which is held back and replayed once the island is ready, on the control at
 * the same place (a link the island turns into a button is still that control).
 *
 * No React here: this runs at load on every page with such an island.
 */
const STARTS = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'click', 'submit'] as const;
const CONTROLS = 'a[href], button, input, select, textarea';
/**
 * The controls whose click waits for the island: those it may handle itself. A link marked
 * `data-navigates` (a card's link to its own page) stays a plain link once hydrated, so
 * its click goes to the browser at once: a navigation needs no React.
 */
const HELD = 'a[href]:not([data-navigates]), button';
/**
 * Typing in a text field while the island hydrates: kept from React's listeners (on the
 * same element, added after these) until the hydration is committed. A key React saw on a
 * root it had not finished hydrating would make it finish at once, inside that key's
 * handler: the first key typed after a tap waited 140 to 210 ms at CPU x4 (decision 0029,
 * "2026-11-27 (third part)"). The text itself lands in the field as usual and is handed
 * to React once hydrated (hydrate-island.tsx reads it then).
 */
const TYPING = [
  'keydown',
  'keypress',
  'keyup',
  'beforeinput',
  'input',
  'compositionstart',
  'compositionupdate',
  'compositionend',
] as const;
const TEXT_FIELD = 'textarea, input:not([type=checkbox], [type=radio], [type=file], [type=hidden])';
/** On the control whose click waits for the island (showHeld below). */
const HELD_MARK = 'data-held';
/** Dispatched on the island's element once React has committed its hydration. */
export const HYDRATION_COMMITTED = 'island-hydration-committed';

/** A plain click: modified clicks (new tab, new window) keep the link's own behaviour. */
export const plainClick = (
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>,
) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function hydrateOnFirstUse(
  element: HTMLElement,
  hydrate: (element: HTMLElement) => Promise<void>,
): void {
  const controls = () => [...element.querySelectorAll<HTMLElement>(CONTROLS)];
  let started = false;
  /** The place of the control last clicked, and of the control focused, before the island was ready. */
  let clicked: number | null = null;
  let focused: number | null = null;
  let focusedControl: Element | null = null;
  /** A form submitted before the island was ready (the search's Enter). */
  let submitted: HTMLFormElement | null = null;

  const listener = (event: Event) => {
    const control = event.target instanceof Element ? event.target.closest<HTMLElement>(CONTROLS) : null;
    if (event.type === 'focusin' && control) {
      focused = controls().indexOf(control);
      focusedControl = control;
    }
    if (event.type === 'click' && control?.matches(HELD) && plainClick(event as MouseEvent)) {
      event.preventDefault();
      clicked = controls().indexOf(control);
      showHeld(control);
    }
    // The search form's own submit: once ready, the typed text is replayed instead.
    if (event.type === 'submit' && event.target instanceof HTMLFormElement) {
      event.preventDefault();
      submitted = event.target;
    }
    if (started) return;
    started = true;
    // Added now, before React's own listeners (at `hydrateRoot`): at an element, listeners
    // run in the order they were added. Removed at the hydration's commit.
    TYPING.forEach((type) => element.addEventListener(type, holdTyping, true));
    element.addEventListener(HYDRATION_COMMITTED, releaseTyping, { once: true });
    void hydrate(element).then(ready, failed);
  };
  /** From the start of the hydration to its commit: typing is kept from React (TYPING). */
  const holdTyping = (event: Event) => {
    if (event.target instanceof Element && event.target.matches(TEXT_FIELD)) event.stopImmediatePropagation();
  };
  /**
   * The tap is answered at once, before React: on a cheap phone the island's code takes a
   * few hundred milliseconds to evaluate and hydrate, and a control that did not react
   * would be tapped again. The control last clicked is marked `data-held` (the page's CSS
   * shows it chosen: a tab looks selected) and the island `aria-busy` until it is ready.
   * An island that replaces its links by buttons once hydrated (the offers' tabs) would
   * drop the mark and show its first state again until the click is replayed: the mark
   * moves to the control now at the same place, in the observer's microtask, before the
   * browser paints.
   */
  const showHeld = (control: HTMLElement | undefined) => {
    clearHeld();
    control?.setAttribute(HELD_MARK, '');
    element.setAttribute('aria-busy', 'true');
    heldFollower.observe(element, { childList: true, subtree: true });
  };
  const heldFollower = new MutationObserver(() => {
    if (clicked !== null && !element.querySelector(`[${HELD_MARK}]`)) showHeld(controls()[clicked]);
  });
  const clearHeld = () => {
    heldFollower.disconnect();
    element.querySelectorAll(`[${HELD_MARK}]`).forEach((held) => held.removeAttribute(HELD_MARK));
    element.removeAttribute('aria-busy');
  };
  const releaseTyping = () => TYPING.forEach((type) => element.removeEventListener(type, holdTyping, true));
  /**
   * A field the visitor left before the island was ready (a tap elsewhere) stays left: only
   * a control the island's render removed while focused has its focus moved on at `ready`.
   * Chromium fires `focusout` for both, the removed control still in the document at that
   * moment, so which one it was is read once the current task's changes are done.
   */
  const leftBehind = (event: Event) => {
    const control = event.target;
    if (!(control instanceof Element)) return;
    queueMicrotask(() => {
      if (control !== focusedControl || !control.isConnected || document.activeElement === control) return;
      focused = null;
      focusedControl = null;
    });
  };
  const stop = () => {
    STARTS.forEach((type) => element.removeEventListener(type, listener, true));
    element.removeEventListener('focusout', leftBehind, true);
  };
  /** The island's code could not load: what was held back goes to the server's HTML. */
  const failed = (error: unknown) => {
    console.error('Échec du chargement de l’îlot :', error);
    clearHeld();
    releaseTyping();
    stop();
    if (submitted) submitted.submit();
    else if (clicked !== null) controls()[clicked]?.click();
  };
  const ready = () => {
    stop();
    clearHeld();
    const all = controls();
    // A focused link the island replaced by a button left the focus nowhere: it goes to
    // the control now at its place.
    if (focused !== null && document.activeElement === document.body) all[focused]?.focus();
    if (clicked !== null) {
      all[clicked]?.focus();
      all[clicked]?.click();
    }
  };
  STARTS.forEach((type) =>
    element.addEventListener(type, listener, { capture: true, passive: type === 'touchstart' }),
  );
  element.addEventListener('focusout', leftBehind, true);
}
