import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { imageUrl } from '#shared/image-url';
import { CARD_SIZES, ResponsiveImage } from './responsive-image';

export interface PreviewImage {
  path: string | null;
  alt: string;
}

interface OfferImageProps extends PreviewImage {
  /** The first image in view: loaded eagerly with high priority; the others are lazy. */
  priority: boolean;
  /** Opens the full-screen preview; without script the link opens the image itself. */
  onPreview?: (image: PreviewImage, trigger: HTMLElement) => void;
}

/**
 * A card's picture as a link to the full image. With script, a plain click opens the
 * preview dialog instead (a click with a modifier still opens a tab). A file that fails
 * is swapped for the placeholder (product rules, Messages and errors).
 */
export function OfferImage({ path, alt, priority, onPreview }: OfferImageProps) {
  const [failed, setFailed] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const shown = failed ? null : path;

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const img = link.current?.querySelector('img');
    if (path && img?.complete && img.naturalWidth === 0) setFailed(true);
  }, [path]);

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onPreview || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    onPreview({ path: shown, alt }, event.currentTarget);
  };

  return (
    <a
      ref={link}
      className="card-media offer-zoom"
      href={imageUrl(shown)}
      aria-label={`Agrandir la photo : ${alt}`}
      onClick={open}
    >
      <ResponsiveImage
        className="card-image"
        path={shown}
        alt={alt}
        width={640}
        height={427}
        sizes={CARD_SIZES}
        priority={priority}
        onError={() => setFailed(true)}
      />
    </a>
  );
}
