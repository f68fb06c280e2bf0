/**
 * The floating WhatsApp button never covers a button (docs/product-rules.md, "WhatsApp"):
 * on a phone it sits over the content's right edge, where cards and forms have their
 * buttons, so while a button of the page (a card's, a form's, a link styled as one) passes
 * under it, it steps aside, as it already does for a focused field (in CSS). The zone
 * watched is the button's own box and a margin, as an IntersectionObserver's root: the
 * browser tells which buttons enter and leave it, nothing is measured while scrolling.
 *
 * Loaded after the page's load event on pages with islands, the ones with cards and forms;
 * without JavaScript the button stays where it is.
 */
const BUTTONS = 'main :is(a.btn, button, input[type="submit"], [role="button"])';
/** Room kept between the floating button and a button beside it, in CSS pixels. */
const MARGIN = 8;
const COVERING = 'data-steps-aside';

export function keepFloatClear(): void {
  const float = document.querySelector<HTMLElement>('.whatsapp-float');
  const main = document.querySelector('main');
  if (!float || !main || typeof IntersectionObserver !== 'function') return;
  let observer: IntersectionObserver | null = null;
  const under = new Set<Element>();
  let pending = 0;

  const watch = () => {
    pending = 0;
    observer?.disconnect();
    under.clear();
    float.removeAttribute(COVERING);
    const box = float.getBoundingClientRect();
    if (box.width === 0) return;
    const inset = (outside: number) => `${-Math.max(0, outside - MARGIN)}px`;
    observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) under.add(entry.target);
          else under.delete(entry.target);
        }
        float.toggleAttribute(COVERING, under.size > 0);
      },
      {
        rootMargin: [
          inset(box.top),
          inset(innerWidth - box.right),
          inset(innerHeight - box.bottom),
          inset(box.left),
        ].join(' '),
      },
    );
    for (const button of main.querySelectorAll(BUTTONS)) observer.observe(button);
  };
  // Islands and filters replace the cards: the new buttons are watched from the next frame.
  const later = () => {
    if (!pending) pending = requestAnimationFrame(watch);
  };
  watch();
  new MutationObserver(later).observe(main, { childList: true, subtree: true });
  addEventListener('resize', later);
}
