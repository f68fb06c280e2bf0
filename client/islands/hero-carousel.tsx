import { useEffect, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { imageSrcSet } from '#client/components/responsive-image';
import { WhatsAppMark } from '#client/components/whatsapp-mark';
import { island } from '#client/lib/island';

export interface CarouselSlide {
  src: string;
  /** The picture's text alternative, and the slide's name. */
  alt: string;
  /** Stored image path, when the slide is an upload: its WebP variants become the srcset. */
  path?: string | null;
  /** Words over the picture: a promotion's title, discount, code and WhatsApp action. */
  caption?: SlideCaption;
}

export interface SlideCaption {
  title: string;
  badge: string;
  code: string | null;
  action: { label: string; href: string };
}

interface HeroCarouselProps {
  slides: CarouselSlide[];
  /** Accessible name of the carousel. */
  label: string;
  /** Product rules, Limits and constants: every 5000 ms. */
  intervalMs?: number;
  /** The visitor asked to save data (Save-Data header): no automatic rotation. */
  saveData?: boolean;
  /** A short strip (the submit page's, so that its form starts in the first screen). */
  compact?: boolean;
}

/** Slides span the page's width. */
const SLIDE_SIZES = '100vw';

function Caption({ caption }: { caption: SlideCaption }) {
  return (
    <div className="carousel-caption">
      <p className="carousel-title">{caption.title}</p>
      <p className="discount-badge">{caption.badge}</p>
      {caption.code && (
        <p className="promo-code">
          Code promo : <strong>{caption.code}</strong>
        </p>
      )}
      <a className="btn btn-whatsapp" href={caption.action.href} rel="noopener noreferrer">
        <WhatsAppMark />
        {caption.action.label}
      </a>
    </div>
  );
}

/**
 * Whether the visitor asks for less motion or less data: null until script knows (the
 * server cannot), then followed live, as the media query can change while the page is
 * open. `navigator.connection.saveData` exists only in Chromium browsers; the Save-Data
 * header already told the server in that case.
 */
function useCalmMode(saveData: boolean): boolean | null {
  const [calm, setCalm] = useState<boolean | null>(null);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
    const update = () => setCalm(saveData || query.matches || connection?.saveData === true);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, [saveData]);
  return calm;
}

/**
 * Auto-rotating hero (product rules, Pages and routes, States and Limits and constants: 5000 ms, 0.5 s fade, previous/next arrows).
 * - The first slide is in the server HTML, visible at once (never faded in) and loaded
 *   with high priority; the others get their <img> only once script runs and they are
 *   next in line, so a visitor who never sees them never downloads them (and no <img>
 *   ever goes without `src`).
 * - A slide may carry a caption with its own action (the promotions'); the slides not shown
 *   are inert, so their links are never focused behind the one in view.
 * - No automatic rotation (and no fade, see site.css) under prefers-reduced-motion or
 *   Save-Data; rotation pauses while the pointer is over it or focus is inside, and the
 *   visitor can stop it with the pause button (WCAG 2.2.2).
 * - Left and Right arrow keys move between slides while focus is inside.
 */
function HeroCarousel({
  slides,
  label,
  intervalMs = 5000,
  saveData = false,
  compact = false,
}: HeroCarouselProps) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  /** Slides whose image may load: the first from the start, then each one next in line. */
  const [loadable, setLoadable] = useState<ReadonlySet<number>>(() => new Set([0]));
  const calm = useCalmMode(saveData);
  const count = slides.length;
  const rotating = count > 1 && calm === false && !stopped;
  const attentive = hovered || focused;

  useEffect(() => {
    if (!rotating || attentive) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [rotating, attentive, count, intervalMs]);

  // Fetch the shown slide and the one rotation shows next; when the visitor points at or
  // focuses the carousel, the previous one too, so an arrow never reveals an empty slide.
  useEffect(() => {
    if (count < 2 || (!rotating && !attentive)) return;
    const wanted = [index, (index + 1) % count, ...(attentive ? [(index - 1 + count) % count] : [])];
    setLoadable((current) =>
      wanted.every((i) => current.has(i)) ? current : new Set([...current, ...wanted]),
    );
  }, [index, count, rotating, attentive]);

  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    go(event.key === 'ArrowLeft' ? -1 : 1);
  }

  function onBlur(event: FocusEvent) {
    // Moving between the carousel's own buttons keeps it paused.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
  }

  return (
    <section
      className={['carousel', compact && 'carousel-compact', calm && 'is-calm'].filter(Boolean).join(' ')}
      aria-roledescription="carrousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onKeyDown={count > 1 ? onKeyDown : undefined}
    >
      {slides.map((slide, i) => {
        const first = i === 0;
        const srcSet = imageSrcSet(slide.path);
        return (
          <div
            key={`${i}-${slide.src}`}
            className={i === index ? 'carousel-slide is-active' : 'carousel-slide'}
            role="group"
            aria-roledescription="diapositive"
            aria-label={slide.alt}
            inert={i !== index}
          >
            {loadable.has(i) && (
              <img
                src={slide.src}
                srcSet={srcSet}
                sizes={srcSet ? SLIDE_SIZES : undefined}
                alt={slide.alt}
                width={1280}
                height={560}
                loading={first ? 'eager' : 'lazy'}
                fetchPriority={first ? 'high' : undefined}
                decoding={first ? 'sync' : 'async'}
              />
            )}
            {slide.caption && <Caption caption={slide.caption} />}
          </div>
        );
      })}
      {count > 1 && (
        <>
          <button
            type="button"
            className="carousel-arrow carousel-prev"
            aria-label="Image précédente"
            onClick={() => go(-1)}
          >
            ‹
          </button>
          <button
            type="button"
            className="carousel-arrow carousel-next"
            aria-label="Image suivante"
            onClick={() => go(1)}
          >
            ›
          </button>
          {calm !== true && (
            <button type="button" className="carousel-toggle" onClick={() => setStopped((value) => !value)}>
              {stopped ? 'Reprendre le défilement' : 'Arrêter le défilement'}
            </button>
          )}
          {/* Announced only when the visitor changes slide, not on every automatic turn. */}
          <p className="visually-hidden" aria-live={rotating && !attentive ? 'off' : 'polite'}>
            Image {index + 1} sur {count}
          </p>
        </>
      )}
    </section>
  );
}

export default island('hero-carousel', HeroCarousel);
