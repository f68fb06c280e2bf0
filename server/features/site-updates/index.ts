/**
 * What the server and the tracking page use of site updates (docs/product-rules.md, "Site
 * updates"): the back office's routes, the photos behind a tracking link, and the published
 * updates the tracking page shows. Site updates stand on submissions (its index.ts) and
 * import nothing of tracking.
 */
export { siteUpdateRoutes } from './site-updates.routes';
export { sitePhotoRoutes } from './site-photo.routes';
export { publishedSiteUpdates } from './published-updates';

// The check of a photo sent as a resumable upload (server/features/resumable-uploads).
export { checkUploadedPhoto } from './site-update-uploads';

// The trash's handler of this kind (server/features/trash-kinds).
export { siteUpdateTrash } from './site-update-trash';
