import { AppError } from '#server/errors';

/**
 * Operational errors of the image pipeline. They are AppErrors, so the central handler
 * answers them (422 for an unusable upload, 404 for a path outside storage) with no
 * mapping of its own; `code` lets callers and tests tell the cases apart.
 */
export type ImageRejectionCode = 'NOT_AN_IMAGE' | 'TOO_MANY_PIXELS';

const MESSAGES: Record<ImageRejectionCode, string> = {
  // Same wording as the offer form (product rules, Validation), so client and server agree.
  NOT_AN_IMAGE: 'Le fichier doit être une image (JPEG, PNG, etc.)',
  TOO_MANY_PIXELS: "L'image est trop grande : 40 mégapixels au maximum.",
};

export class ImageRejectedError extends AppError {
  override name = 'ImageRejectedError';

  constructor(
    readonly code: ImageRejectionCode,
    options?: { cause?: unknown },
  ) {
    super(422, MESSAGES[code]);
    if (options && 'cause' in options) this.cause = options.cause;
  }
}

/**
 * A stored-image path that would leave storage/app/public or does not name an image file.
 * 404 because such paths come from URLs (product rules: resolved inside the storage root or 404).
 */
export class ImagePathError extends AppError {
  override name = 'ImagePathError';
  readonly code = 'INVALID_IMAGE_PATH';

  constructor(readonly relPath: string) {
    // The message stays generic: an answer never echoes paths (product rules, Security).
    super(404, 'Image introuvable.');
  }
}
