/**
 * The element the server marks `data-focus-on-load` (the offer named by `?id=`, product
 * rules: highlighted and scrolled into view) is scrolled to the middle of the screen and
 * focused when the islands script runs, before any island: the offers' island hydrates only
 * on its first use (decision 0029), and the visitor should not wait for React to see the
 * offer they were sent to. No React here.
 */
export function focusMarkedElement(): void {
  const marked = document.querySelector<HTMLElement>('[data-focus-on-load]');
  if (!marked) return;
  marked.scrollIntoView({ block: 'center' });
  // Already in view: focusing must not scroll again (to its top edge).
  marked.focus({ preventScroll: true });
}
