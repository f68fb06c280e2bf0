export { changedFields, recordActivity, recordRowWrite, rowWriteRecorder, tableRow } from './record-activity';
export type { ActivityAction, ActivityEntity, ActivityEntry, Actor } from './record-activity';
