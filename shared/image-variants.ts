/**
 * The responsive WebP variants written beside every stored image (product rules, Security:
 * images are re-encoded into responsive WebP variants plus a JPEG/PNG fallback).
 * Isomorphic on purpose: the server writes these files, the pages build `srcset` from the
 * same list, so the two can never disagree on a name.
 *
 * `products/k3f9x2.jpg` -> `products/k3f9x2-320.webp`, `-640`, `-960`, `-1280`.
 * An image narrower than a width still gets that file (never enlarged, so it keeps its own
 * width): every stored image owns all four names.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;

export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export interface ImageVariant {
  width: ImageWidth;
  path: string;
}

/** Strips the extension of the last path segment only (`a.b/c` keeps its folder dot). */
function withoutExtension(path: string): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return dot > slash + 1 ? path.slice(0, dot) : path;
}

export function imageVariants(path: string): ImageVariant[] {
  const base = withoutExtension(path);
  return IMAGE_WIDTHS.map((width) => ({ width, path: `${base}-${width}.webp` }));
}
