/** What other features use of the mails (docs/decisions/0009-lint-format-and-boundaries.md). */
export { queueContactMessageMails } from './contact-message-mails';
export type { MailDeps } from './mail-deps';
