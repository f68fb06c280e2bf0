/**
 * What other features use of the mails (docs/decisions/0018-outbox-and-mail.md): each
 * queues its own mails into the outbox, in the transaction of the change they tell of.
 */
export type { LinkMailDeps, MailDeps } from './mail-deps';
export { queueAssignmentMail, type AssignmentForMail } from './assignment-mails';
export { queueContactMessageMails, type ContactMessageForMail } from './contact-message-mails';
export { queueSiteUpdateMail, type SiteUpdateForMail } from './site-update-mails';
export { queueSubmissionMails, type AttachmentForMail, type SubmissionForMail } from './submission-mails';
export { queueClientMessageMail, queueTrackingLinkMail, type TrackedForMail } from './tracking-mails';
export {
  queueInvitationMail,
  queuePasswordResetMail,
  type AccountForMail,
  type AccountLinkMailDeps,
} from './account-mails';
