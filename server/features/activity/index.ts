export { changedFields, recordActivity } from './record-activity';
export type { ActivityAction, ActivityEntry, Actor } from './record-activity';
