import { useEffect, useState } from 'react';
import { island } from '../lib/island';

export interface CarouselSlide {
  src: string;
  alt: string;
}

interface HeroCarouselProps {
  slides: CarouselSlide[];
  /** Accessible name of the carousel. */
  label: string;
  /** Spec section 9: every 5000 ms. */
  intervalMs?: number;
  /** The visitor asked to save data (Save-Data header): no automatic rotation. */
  saveData?: boolean;
}

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Auto-rotating hero (spec sections 2 and 9: 5000 ms, 0.5 s fade, previous/next arrows).
 * The first slide is in the server HTML and never faded in; rotation stops under reduced
 * motion or Save-Data, and while the visitor hovers or focuses it.
 */
function HeroCarousel({ slides, label, intervalMs = 5000, saveData = false }: HeroCarouselProps) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides.length;

  useEffect(() => {
    if (count < 2 || paused || saveData || prefersReducedMotion()) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearInterval(timer);
  }, [count, paused, saveData, intervalMs]);

  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <section
      className="carousel"
      aria-roledescription="carrousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {slides.map((slide, i) => (
        <img
          key={slide.src}
          className={i === index ? 'carousel-slide is-active' : 'carousel-slide'}
          src={slide.src}
          alt={slide.alt}
          width={1280}
          height={560}
          aria-hidden={i !== index}
          loading={i === 0 ? 'eager' : 'lazy'}
          fetchPriority={i === 0 ? 'high' : 'auto'}
          decoding={i === 0 ? 'sync' : 'async'}
        />
      ))}
      {count > 1 && (
        <>
          <button type="button" className="carousel-arrow carousel-prev" aria-label="Image précédente" onClick={() => go(-1)}>
            ‹
          </button>
          <button type="button" className="carousel-arrow carousel-next" aria-label="Image suivante" onClick={() => go(1)}>
            ›
          </button>
          <p className="visually-hidden" aria-live="polite">
            Image {index + 1} sur {count}
          </p>
        </>
      )}
    </section>
  );
}

export default island('hero-carousel', HeroCarousel);
