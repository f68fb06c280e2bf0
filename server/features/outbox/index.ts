/** What other features use of the outbox (docs/decisions/0009-lint-format-and-boundaries.md). */
export { enqueueMail } from './enqueue-mail';
export { countByStatus } from './outbox.repository';
export { createSmtpTransport, smtpEndpoint } from './smtp-transport';
