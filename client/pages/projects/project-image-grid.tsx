import type { ProjectImage } from '#shared/types';
import { ResponsiveImage } from '#client/components/responsive-image';
import { imageUrl } from '#shared/image-url';

/** Gallery cells: one column on phones, two from 40rem, three from 64rem. */
const GALLERY_SIZES = '(min-width: 64rem) 24rem, (min-width: 40rem) 50vw, 100vw';

/**
 * A project's renders or site photos with their descriptions (product rules, Pages and routes).
 * Each picture links to its full-size file, the way visitors expect to enlarge.
 */
export function ProjectImageGrid({
  images,
  projectTitle,
}: {
  images: readonly ProjectImage[];
  projectTitle: string;
}) {
  return (
    <ul className="gallery">
      {images.map((image, index) => (
        <li key={image.id}>
          <figure>
            <a href={imageUrl(image.image)}>
              <ResponsiveImage
                className="gallery-image"
                path={image.image}
                alt={image.description || `${projectTitle}, visuel ${index + 1}`}
                width={640}
                height={427}
                sizes={GALLERY_SIZES}
              />
            </a>
            {image.description && <figcaption>{image.description}</figcaption>}
          </figure>
        </li>
      ))}
    </ul>
  );
}
