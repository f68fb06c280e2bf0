export { changedFields, recordActivity, recordRowWrite, tableRow } from './record-activity';
export type { ActivityAction, ActivityEntity, ActivityEntry, Actor } from './record-activity';
