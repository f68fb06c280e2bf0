/**
 * What other features and the server may use of project submissions. A request is the
 * ground the other features stand on: tracking (the client's page and links) and site
 * updates read and change it through what is exported here, never through this folder's
 * files, and this folder imports neither of them, so the dependency goes one way
 * (docs/decisions/0009-lint-format-and-boundaries.md).
 */
export { submissionRoutes } from './submissions.routes';
export { submissionsService, type SubmissionsService } from './submissions.service';

// The check of an attachment sent as a resumable upload (server/features/resumable-uploads).
export { checkUploadedAttachment } from './submission-checks';

// The request as the back office reads it (the assignment answers it).
export { findSubmission } from './submissions.repository';

// The private tracking link: its token, and the one place its address is made.
export { hashTrackingToken, isTrackingTokenShape, newTrackingToken, trackingUrl } from './tracking-token';

// The request's history (docs/product-rules.md, "Status history").
export { clientTimeline, listEvents } from './submission-events.repository';

// The queries of project_submissions the features built on a request need, each taking a
// connection or the caller's transaction.
export {
  approvedSubmissionsQuery,
  findSiteSubmission,
  findSubmissionContact,
  findSubmissionIdByToken,
  findTrackedRow,
  promotePendingTrackingToken,
  setContactMethod,
  setPendingTrackingTokenHash,
  setTrackingTokenHash,
  submissionExists,
  type SiteSubmission,
  type SubmissionContact,
  type TrackedRow,
} from './submissions.repository';

// The trash's handler of this kind (server/features/trash-kinds).
export { submissionTrash } from './submission-trash';
