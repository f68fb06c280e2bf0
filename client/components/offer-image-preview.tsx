import { useEffect, useRef, useState } from 'react';
import { imageUrl, PLACEHOLDER_IMAGE } from '#shared/image-url';
import type { PreviewImage } from './offer-image';
import { imageSrcSet } from './responsive-image';

interface OfferImagePreviewProps {
  /** The image shown, or null when the preview is closed. */
  image: PreviewImage | null;
  /** Called once the dialog has closed (button, Escape or a click beside the image). */
  onClose: () => void;
}

/**
 * Full-screen preview of an offer image (product rules, Pages and routes: "full-screen preview with
 * spinner and close button"). A modal <dialog>: focus moves into it, Escape closes it,
 * the page behind is inert; the caller gives focus back to the image that opened it.
 */
export function OfferImagePreview({ image, onClose }: OfferImagePreviewProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [failed, setFailed] = useState(false);
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const src = failed || !image ? PLACEHOLDER_IMAGE : imageUrl(image.path);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (image && !element.open) element.showModal();
    if (!image && element.open) element.close();
    setFailed(false);
  }, [image]);

  const close = () => dialog.current?.close();

  return (
    <dialog
      ref={dialog}
      className="offer-preview"
      aria-label={image ? `Photo : ${image.alt}` : 'Photo'}
      onClose={onClose}
      // A click on the dark area around the image (the dialog itself) closes it.
      onClick={(event) => event.target === event.currentTarget && close()}
    >
      {image && (
        <>
          <button type="button" className="btn btn-light offer-preview-close" onClick={close}>
            Fermer
          </button>
          {loadedSrc !== src && (
            <p className="offer-loading" role="status">
              <span className="spinner" aria-hidden="true" />
              <span className="visually-hidden">Chargement de l’image…</span>
            </p>
          )}
          <img
            key={src}
            className={loadedSrc === src ? 'offer-preview-image' : 'offer-preview-image is-loading'}
            src={src}
            srcSet={failed ? undefined : imageSrcSet(image.path)}
            sizes="100vw"
            alt={image.alt}
            onLoad={() => setLoadedSrc(src)}
            onError={() => setFailed(true)}
          />
        </>
      )}
    </dialog>
  );
}
