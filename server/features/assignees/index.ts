/**
 * Who may follow a request or a message, and who does (docs/product-rules.md, "Assignment"):
 * the reads the requests, the messages, their mails and the assignment itself share. It
 * imports no other feature, so each of them may use it.
 */
export { assignableUsers, findAssignableUser, listAssignableUsers } from './assignable-users';
export type { AssignableContact } from './assignable-users';
export {
  ASSIGNED_TABLES,
  assigneeOf,
  assigneesById,
  resolveAssigneeFilter,
  staffRecipients,
  whereAssignee,
} from './assigned-records';
export type { AssignedKind, AssigneeScope } from './assigned-records';
export { scopedByAssignee } from './list-scope';
