import type { ImgHTMLAttributes } from 'react';
import { imageVariants, type ImageWidth } from '#shared/image-variants';
import { imageUrl } from '#shared/image-url';

/** Stored uploads (`products/x.jpg`) own WebP variants; URLs, API paths and '' do not. */
function hasVariants(path: string | null | undefined): path is string {
  return !!path && !/^https?:\/\//i.test(path) && !path.startsWith('storage/') && !path.startsWith('images/');
}

/** `widths` keeps only some variants (e.g. a hero that must stay light: 640 and 960). */
export function imageSrcSet(
  path: string | null | undefined,
  widths?: readonly ImageWidth[],
): string | undefined {
  if (!hasVariants(path)) return undefined;
  return imageVariants(path)
    .filter((variant) => !widths || widths.includes(variant.width))
    .map((variant) => `${imageUrl(variant.path)} ${variant.width}w`)
    .join(', ');
}

/**
 * The lightest file of an image: its smallest WebP variant (320 px) when it has variants,
 * else the image itself (or the placeholder). For thumbnails (the back office's lists),
 * where srcset would pick the same file anyway.
 */
export function smallestImageUrl(path: string | null | undefined): string {
  return hasVariants(path) ? imageUrl(imageVariants(path)[0]!.path) : imageUrl(path);
}

export interface ResponsiveImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  /** Stored image path, resolved by the one resolver (imageUrl). */
  path: string | null | undefined;
  alt: string;
  /** Intrinsic size, so the browser reserves the space (no layout shift). */
  width: number;
  height: number;
  /** How wide the image is drawn, e.g. '(min-width: 48rem) 33vw, 100vw'. */
  sizes: string;
  /**
   * The largest image of the first view: loaded eagerly with high priority, never faded
   * in. Every other image is lazy (product rules, Public site).
   */
  priority?: boolean;
  /** Only these variants in srcset (default: all of them). */
  widths?: readonly ImageWidth[];
}

/**
 * Every public image goes through here: `srcset` from the responsive variants, explicit
 * width and height, lazy below the fold. When a file is missing, the `.img` class shows the
 * placeholder as background (works without script); islands may also swap `src` onError.
 */
export function ResponsiveImage({
  path,
  alt,
  width,
  height,
  sizes,
  priority = false,
  widths,
  className,
  ...rest
}: ResponsiveImageProps) {
  return (
    <img
      {...rest}
      className={className ? `img ${className}` : 'img'}
      src={imageUrl(path)}
      srcSet={imageSrcSet(path, widths)}
      sizes={hasVariants(path) ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding={priority ? 'sync' : 'async'}
    />
  );
}

/** `sizes` of a card in `.card-grid`: one column on phones, up to three from 64rem. */
export const CARD_SIZES = '(min-width: 64rem) 24rem, (min-width: 40rem) 50vw, 100vw';

/** The catalogue's cards: two columns on a phone already (catalogue.css), so half the width. */
export const CATALOGUE_CARD_SIZES = '(min-width: 64rem) 20rem, (min-width: 40rem) 33vw, 50vw';
