import { smallestImageUrl } from '#client/components/responsive-image';
import type { Column } from './list-table';

/**
 * A list row's picture (products, projects, offers, promotions): the image's smallest
 * variant drawn at 64x48, its size given so rows never jump, lazy since a long list holds
 * hundreds. Its alt is empty: the row's name sits in the next cell, and a screen reader
 * would otherwise read it twice per row (docs/decisions/0027-back-office-work-first-and-outside-checks.md).
 */
export function Thumbnail({ path }: { path: string | null | undefined }) {
  return (
    <img
      className="list-thumb"
      src={smallestImageUrl(path)}
      alt=""
      width={64}
      height={48}
      loading="lazy"
      decoding="async"
    />
  );
}

/** The 'Image' column of a list screen, first in the row. */
export function thumbnailColumn<T>(path: (row: T) => string | null | undefined): Column<T> {
  return { header: 'Image', className: 'thumb', cell: (row) => <Thumbnail path={path(row)} /> };
}
