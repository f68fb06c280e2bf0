export { imageList, recordRevision, revisionData, versionFields } from './record-revision';
export { discardUnlessReferenced } from './discard-unless-referenced';
export { restoreRow } from './restore-row';
export type { RevisionKindHandler } from './revision-kind';
export { rowSnapshot } from './row-snapshot';
