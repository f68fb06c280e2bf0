/**
 * Resumable uploads (docs/decisions/0045-resumable-uploads.md): the tus endpoint
 * /api/uploads, the taking of finished uploads by a form, and the sweep of expired ones.
 * The features whose forms take uploads import this one; it imports none of them (their
 * checks of a file's bytes are given to it by server/app.ts).
 */
export { resumableUploads, UPLOADS_PATH, type ResumableUploadsDeps } from './tus-routes';
export {
  takeUploads,
  uploadIdsOf,
  UPLOAD_IDS_FIELD,
  type TakenFile,
  type TakenUploads,
} from './take-uploads';
export { startUploadSweep, sweepExpiredUploads } from './upload-expiry';
export {
  UPLOAD_PURPOSES,
  PURPOSE_MAX_BYTES,
  type UploadContentCheck,
  type UploadPurpose,
} from './upload-purposes';
