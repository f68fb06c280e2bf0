import type { Knex } from 'knex';
import { IMAGE_WIDTHS } from '#shared/image-variants';
import { sitePhaseLabel, type SitePhase } from '#shared/site-phases';
import type { SitePhotoView, SiteUpdatesView } from '#shared/site-updates';
import { photoRows, siteUpdateRows, type SitePhotoRecord } from './site-updates.repository';

/**
 * What the tracking page shows of a request's site (docs/product-rules.md, "Site updates"):
 * its published updates only, newest first; the current phase and progress are the newest
 * one's. Photo addresses are relative to the tracking page's path (`photos/{file}` under
 * `/suivi/{token}/`): the token is the page's to add, never stored nor built here.
 */

/** Widths the page loads inline: a phone never needs more for a photo in the flow of text. */
const INLINE_WIDTHS = [320, 640] as const;
const INLINE_MAX = 640;
const MAX_WIDTH = 1280;

/** A variant's real width: a narrow photo's wider variants are its own width (never enlarged). */
function realWidth(photo: SitePhotoRecord, width: number): number {
  return Math.min(width, photo.width);
}

export function photoView(photo: SitePhotoRecord): SitePhotoView {
  const file = (width: number) => `photos/${photo.name}-${width}.webp`;
  // One candidate per distinct real width: a 500 px photo is 320w and 500w, not 500w twice.
  const candidates: string[] = [];
  let previous = 0;
  for (const width of INLINE_WIDTHS) {
    const real = realWidth(photo, width);
    if (real === previous) continue;
    candidates.push(`${file(width)} ${real}w`);
    previous = real;
  }
  // The narrowest variant as wide as the photo is its largest file.
  const largest = IMAGE_WIDTHS.find((width) => width >= photo.width) ?? MAX_WIDTH;
  const inline = INLINE_MAX;
  const height = (width: number) => Math.max(1, Math.round((photo.height * width) / photo.width));
  return {
    src: file(inline),
    srcset: candidates.join(', '),
    large: file(largest),
    width: realWidth(photo, inline),
    height: height(realWidth(photo, inline)),
  };
}

export async function publishedSiteUpdates(db: Knex, submissionId: number): Promise<SiteUpdatesView> {
  const updates = await siteUpdateRows(db, submissionId, { publishedOnly: true });
  const photos = await photoRows(
    db,
    updates.map((update) => update.id),
  );
  const views = updates.map((update) => ({
    id: update.id,
    date: update.date,
    phase: update.phase as SitePhase,
    phase_label: sitePhaseLabel(update.phase),
    progress: update.progress,
    text: update.text,
    photos: photos.filter((photo) => photo.update_id === update.id).map(photoView),
  }));
  const newest = views[0];
  return {
    current: newest
      ? { phase: newest.phase, phase_label: newest.phase_label, progress: newest.progress }
      : null,
    updates: views,
  };
}
