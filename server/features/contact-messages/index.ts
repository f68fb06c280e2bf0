/**
 * What other features and the server may use of contact messages
 * (docs/decisions/0009-lint-format-and-boundaries.md): the assignment answers the message
 * as the inbox reads it.
 */
export { findContactMessage } from './contact-messages.repository';

// The trash's handler of this kind (server/features/trash-kinds).
export { messageTrash } from './message-trash';
