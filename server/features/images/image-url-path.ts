import { IMAGE_KINDS, type ImageKind } from '#server/storage/layout';

/**
 * Turns the segments of an image URL into the stored paths (relative to
 * storage/app/public) it may name, or null when a segment could escape that folder.
 *
 * Product rules, Entities, builds three shapes, all accepted here:
 *   /serve-image/{path}           path relative to storage/app/public; the client strips
 *                                 the `storage/` of a stored path, an older client may not,
 *                                 so one leading `storage` segment is ignored.
 *   /images/{path}                same, and one leading `images` or `storage` segment is
 *                                 ignored: the product rules' resolver sends a plain stored path as
 *                                 `{api}/images/images/{path}`.
 *   /images/{type}/{path}         the kind's folder (folders are named by kind, product rules
 *                                 "Runtime stand-ins"), so `{type}/{path}` is itself a stored
 *                                 path. The client guesses the type from the path (spec
 *                                 product rules, API: `misc` when it cannot tell) and may repeat the
 *                                 kind the stored path already holds, so when `{type}/{path}`
 *                                 is absent, `{path}` is tried as a stored path too.
 * Every candidate stays inside storage/app/public: the segments themselves are checked
 * here, the resolved file (symlinks, bytes) by findServedImage.
 */
export type ImageRoute = 'serve-image' | 'images';

const IGNORED_PREFIX: Record<ImageRoute, readonly string[]> = {
  'serve-image': ['storage'],
  images: ['images', 'storage'],
};

/** Deeper than any stored path (`kind/name.ext`) with room for a prefix and a repeated kind. */
const MAX_SEGMENTS = 6;
const MAX_SEGMENT_LENGTH = 255;

/**
 * A folder or file name, nothing else: not empty, not `.`/`..` nor any dot name (temporary
 * files of the pipeline are dot files), no separator of any system, no NUL or other control character, no drive colon.
 * Express has already percent-decoded each segment once, so `%2e%2e` arrives as `..` and is
 * refused, while `%252e` arrives as the literal `%2e` and simply names no file.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SAFE_SEGMENT = /^[^./\\:\u0000-\u001f][^/\\:\u0000-\u001f]*$/;

export function isSafeSegment(segment: string): boolean {
  return segment.length <= MAX_SEGMENT_LENGTH && SAFE_SEGMENT.test(segment);
}

function isImageKind(segment: string | undefined): segment is ImageKind {
  return (IMAGE_KINDS as readonly string[]).includes(segment ?? '');
}

export function storedImageCandidates(route: ImageRoute, segments: readonly string[]): string[] | null {
  if (segments.length === 0 || segments.length > MAX_SEGMENTS || !segments.every(isSafeSegment)) return null;
  const rest =
    segments.length > 1 && IGNORED_PREFIX[route].includes(segments[0]!) ? segments.slice(1) : [...segments];
  const candidates = [rest.join('/')];
  if (route === 'images' && rest.length > 2 && isImageKind(rest[0])) candidates.push(rest.slice(1).join('/'));
  return candidates;
}
